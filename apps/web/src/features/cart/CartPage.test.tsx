import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cartTotals,
  MAX_UNITS_MESSAGE,
  MAX_UNITS_PER_PRODUCT,
  type CartLine,
  type CartResponse,
} from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import CartPage from './CartPage';

function line(id: number, name: string, quantity: number, stock: number): CartLine {
  return {
    _id: id,
    quantity,
    productInfo: {
      _id: 100 + id,
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      name,
      brand: 'Bazaar',
      price: 500,
      discount: 0,
      stock,
      rating: 4,
      images: [],
      category: 'Kurtas',
      shopName: 'Loom House',
      sellerId: 1,
    },
  };
}

/** The server's cart for these lines, computed as the server does. */
function cartOf(lines: CartLine[]): CartResponse {
  const totals = cartTotals(lines.map(({ quantity, productInfo }) => ({ ...productInfo, quantity })));
  return {
    card_products: [{ sellerId: 1, shopName: 'Loom House', price: totals.price, products: lines }],
    price: totals.price,
    card_product_count: lines.reduce((sum, entry) => sum + entry.quantity, 0),
    shipping_fee: totals.shipping_fee,
    outOfStockProduct: [],
    buy_product_item: totals.items,
  };
}

/** A cart of three lines: one at its stock, one at the per-order cap, one with room to grow. */
function openCart() {
  const lines = [
    line(1, 'Silk Kurta', 3, 3),
    line(2, 'Cotton Saree', MAX_UNITS_PER_PRODUCT, 50),
    line(3, 'Linen Shirt', 2, 5),
  ];
  const calls = fakeApi({
    'GET /home/product/get-card-product': () => cartOf(lines),
    'PUT /home/product/quantity-inc/3': () => {
      lines[2] = { ...lines[2], quantity: lines[2].quantity + 1 };
      return { message: 'Quantity updated' };
    },
  });
  renderWithApp(<CartPage />, { path: '/cart' });
  return { calls, user: userEvent.setup() };
}

const stepperOf = async (name: string) =>
  within(await screen.findByRole('group', { name: `Quantity of ${name}` }));
const changes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');

describe('cart quantity rules', () => {
  it('refuses + at the stock with Out of stock, asking the server nothing', async () => {
    const { calls, user } = openCart();
    const stepper = await stepperOf('Silk Kurta');
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(stepper.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    expect(changes(calls)).toEqual([]);
  });

  it(`refuses + at ${MAX_UNITS_PER_PRODUCT} units with the cap's message, asking the server nothing`, async () => {
    const { calls, user } = openCart();
    const stepper = await stepperOf('Cotton Saree');
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText(MAX_UNITS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it('asks the server for one more within the limits, and shows the quantity it then reports', async () => {
    const { calls, user } = openCart();
    const stepper = await stepperOf('Linen Shirt');
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(await stepper.findByText('3')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'PUT', path: '/home/product/quantity-inc/3', body: {} }]);
  });
});
