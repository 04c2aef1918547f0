import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cartTotals,
  type CartLine,
  type CartResponse,
  type ProductDetailsResponse,
  type VariantDto,
} from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import CartPage from './CartPage';

const variants: VariantDto[] = [
  { _id: 21, sku: 'K-S', size: 'S', colour: 'Navy Blue', stock: 0 },
  { _id: 22, sku: 'K-M', size: 'M', colour: 'Navy Blue', stock: 4 },
  { _id: 23, sku: 'K-L', size: 'L', colour: 'Navy Blue', stock: 2 },
  { _id: 24, sku: 'K-XL', size: 'XL', colour: 'Navy Blue', stock: 7 },
];

function kurtaLine(lineId: number, variantId: number, quantity: number): CartLine {
  const { _id, size, colour, stock } = variants.find((entry) => entry._id === variantId)!;
  return {
    _id: lineId,
    quantity,
    productInfo: {
      _id: 11,
      slug: 'silk-kurta',
      name: 'Silk Kurta',
      brand: 'Loom',
      price: 1000,
      discount: 0,
      stock: 13,
      rating: 4,
      images: [],
      category: 'Kurtas',
      shopName: 'Loom House',
      sellerId: 1,
    },
    variant: { _id, size, colour, stock },
  };
}

function cartOf(lines: CartLine[]): CartResponse {
  const totals = cartTotals(lines.map(({ quantity, productInfo }) => ({ ...productInfo, quantity })));
  return {
    card_products: [{ sellerId: 1, shopName: 'Loom House', price: totals.price, products: lines }],
    price: totals.price,
    card_product_count: lines.length,
    shipping_fee: totals.shipping_fee,
    outOfStockProduct: [],
    buy_product_item: totals.items,
  };
}

/** A cart holding the kurta in M and in XL (1); the server moves a line to another size when asked. */
function openCart(quantityOfM = 2) {
  const lines = [kurtaLine(1, 22, quantityOfM), kurtaLine(2, 24, 1)];
  const calls = fakeApi({
    'GET /home/product/get-card-product': () => cartOf(lines),
    'GET /home/get-product/silk-kurta': () =>
      ({ product: { variants } }) as unknown as ProductDetailsResponse,
    'PUT /home/product/change-cart-variant/1': (call) => {
      lines[0] = kurtaLine(1, (call.body as { variantId: number }).variantId, lines[0].quantity);
      return { message: 'Size updated' };
    },
  });
  renderWithApp(<CartPage />, { path: '/cart' });
  return { calls, user: userEvent.setup() };
}

const lineOf = (size: string) =>
  within(
    screen
      .getAllByTestId('cart-line')
      .find((line) => within(line).queryByRole('group', { name: `Quantity of Silk Kurta (Size ${size})` }))!,
  );

describe('cart sizes', () => {
  it('shows two sizes of one product as two lines, each with its size and colour', async () => {
    openCart();
    await screen.findByRole('group', { name: 'Quantity of Silk Kurta (Size M)' });
    expect(screen.getByRole('group', { name: 'Quantity of Silk Kurta (Size XL)' })).toBeInTheDocument();
    expect(lineOf('M').getByRole('combobox', { name: 'Size of Silk Kurta' })).toHaveDisplayValue('M');
    expect(lineOf('M').getByText('Navy Blue')).toBeInTheDocument();
  });

  it('offers only the sizes in stock, and changes the line through change-cart-variant', async () => {
    const { calls, user } = openCart();
    await screen.findByRole('group', { name: 'Quantity of Silk Kurta (Size M)' });
    const select = lineOf('M').getByRole('combobox', { name: 'Size of Silk Kurta' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['M', 'L (Only 2 left)', 'XL']),
    );
    await user.selectOptions(select, 'L (Only 2 left)');
    await screen.findByRole('group', { name: 'Quantity of Silk Kurta (Size L)' });
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/home/product/change-cart-variant/1',
      body: { variantId: 23 },
    });
  });

  it("goes by the size's stock: + stops at the size's 4, though the product has 13", async () => {
    const { calls, user } = openCart(4);
    const stepper = within(await screen.findByRole('group', { name: 'Quantity of Silk Kurta (Size M)' }));
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
