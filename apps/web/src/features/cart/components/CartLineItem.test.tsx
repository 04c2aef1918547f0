import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MAX_UNITS_PER_PRODUCT, type CartLine } from '@bazaar/shared';
import { CartLineItem } from './CartLineItem';

function cartLine(quantity: number, stock: number): CartLine {
  return {
    _id: 7,
    quantity,
    productInfo: {
      _id: 3,
      slug: 'silk-kurta',
      name: 'Silk Kurta',
      brand: 'Bazaar',
      price: 1000,
      discount: 10,
      stock,
      rating: 4,
      images: [],
      category: 'Kurtas',
      shopName: 'Loom House',
      sellerId: 1,
    },
  };
}

function renderLine(line: CartLine, busy = false) {
  const handlers = { onIncrease: vi.fn(), onDecrease: vi.fn(), onRemove: vi.fn() };
  render(
    <MemoryRouter>
      <CartLineItem line={line} busy={busy} {...handlers} />
    </MemoryRouter>,
  );
  const stepper = within(screen.getByRole('group', { name: 'Quantity of Silk Kurta' }));
  return { handlers, stepper };
}

describe('cart line quantity stepper', () => {
  it('shows the quantity and its line total, and passes each press to the cart', async () => {
    const { handlers, stepper } = renderLine(cartLine(2, 5));
    expect(stepper.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    expect(screen.getByText('₹1,800')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    await user.click(stepper.getByRole('button', { name: 'Decrease quantity' }));
    expect(handlers.onIncrease).toHaveBeenCalledTimes(1);
    expect(handlers.onDecrease).toHaveBeenCalledTimes(1);
  });

  it('cannot go below 1', async () => {
    const { handlers, stepper } = renderLine(cartLine(1, 5));
    const decrease = stepper.getByRole('button', { name: 'Decrease quantity' });
    expect(decrease).toBeDisabled();
    await userEvent.setup().click(decrease);
    expect(handlers.onDecrease).not.toHaveBeenCalled();
  });

  it('keeps + pressable at the stock so the cart can say which limit refused it', () => {
    const { stepper } = renderLine(cartLine(5, 5));
    expect(stepper.getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('takes no presses while the line is being saved', () => {
    const { stepper } = renderLine(cartLine(2, 5), true);
    expect(stepper.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('asks for a lower quantity when the stock fell below it', () => {
    renderLine(cartLine(4, 2));
    expect(screen.getByRole('note')).toHaveTextContent('Only 2 left: please lower the quantity');
  });

  it(`asks for a lower quantity above ${MAX_UNITS_PER_PRODUCT} units`, () => {
    renderLine(cartLine(MAX_UNITS_PER_PRODUCT + 1, 50));
    expect(screen.getByRole('note')).toHaveTextContent(
      `At most ${MAX_UNITS_PER_PRODUCT} per order: please lower the quantity`,
    );
  });
});
