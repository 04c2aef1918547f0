import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { MAX_UNITS_MESSAGE, MAX_UNITS_PER_PRODUCT } from '@bazaar/shared/limits';
import { QuantityStepper } from './QuantityStepper';

/** The product page keeps the chosen quantity in its own state, as ProductDetailsPage does. */
function ProductQuantity({ stock }: { stock: number }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <>
      <QuantityStepper quantity={quantity} stock={stock} onChange={setQuantity} />
      <Toaster />
    </>
  );
}

const quantityShown = () => screen.getByRole('status', { name: 'Quantity' });

async function pressIncrease(times: number) {
  const user = userEvent.setup();
  for (let press = 0; press < times; press += 1)
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
  return user;
}

describe('product page quantity stepper', () => {
  it('starts at 1 and cannot go below it', async () => {
    render(<ProductQuantity stock={5} />);
    expect(quantityShown()).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('counts up to the stock, then says Out of stock and stays there', async () => {
    render(<ProductQuantity stock={3} />);
    await pressIncrease(2);
    expect(quantityShown()).toHaveTextContent('3');
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();

    await pressIncrease(1);
    expect(quantityShown()).toHaveTextContent('3');
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
  });

  it(`stops at ${MAX_UNITS_PER_PRODUCT} units however much stock there is, saying why`, async () => {
    render(<ProductQuantity stock={50} />);
    await pressIncrease(MAX_UNITS_PER_PRODUCT - 1);
    expect(quantityShown()).toHaveTextContent(String(MAX_UNITS_PER_PRODUCT));

    await pressIncrease(1);
    expect(quantityShown()).toHaveTextContent(String(MAX_UNITS_PER_PRODUCT));
    expect(await screen.findByText(MAX_UNITS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
  });

  it('goes back down one step at a time', async () => {
    render(<ProductQuantity stock={5} />);
    const user = await pressIncrease(2);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(quantityShown()).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });
});
