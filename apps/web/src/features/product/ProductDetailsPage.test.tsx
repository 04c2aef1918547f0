import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDetailsResponse, VariantDto } from '@bazaar/shared';
import { kurtaDetails, kurtaVariant as variant } from '../../testing/catalogue';
import { fakeApi, type ApiCall } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { signIn } from '../../testing/signedIn';
import ProductDetailsPage from './ProductDetailsPage';

const SIZED = [variant(21, 'S', 2), variant(22, 'M', 9), variant(23, 'L', 0)];

/** The product page of a signed-in shopper, over a server that answers the product and takes cart additions. */
function openProduct(variants: VariantDto[]) {
  signIn();
  const answer: ProductDetailsResponse = {
    product: kurtaDetails(variants),
    relatedProducts: [],
    similarProducts: [],
    moreProducts: [],
  };
  const calls = fakeApi({
    'GET /home/get-product/silk-kurta': () => answer,
    'GET /home/customer/get-reviews/11?pageNo=1': () => ({
      reviews: [],
      totalReview: 0,
      rating_review: [],
    }),
    'GET /home/customer/review-eligibility/11': () => ({ canReview: false, message: 'Buy it first' }),
    'POST /home/product/add-to-card': () => ({ message: 'Added to cart' }),
  });
  renderWithApp(<ProductDetailsPage />, {
    path: '/product/details/silk-kurta',
    route: '/product/details/:slug',
  });
  return { calls, user: userEvent.setup() };
}

const additions = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/home/product/add-to-card');

describe('product page sizes', () => {
  it('asks for a size when Add To Cart is pressed without one, and sends the chosen size', async () => {
    const { calls, user } = openProduct(SIZED);
    await screen.findByRole('group', { name: 'Select Size' });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select a size');
    expect(screen.getByRole('radio', { name: 'S' })).toHaveFocus();
    expect(additions(calls)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() =>
      expect(additions(calls).map((call) => call.body)).toEqual([
        { productId: 11, quantity: 1, variantId: 22 },
      ]),
    );
  });

  it('refuses a sold-out size', async () => {
    const { user } = openProduct(SIZED);
    const soldOut = await screen.findByRole('radio', { name: 'L, sold out' });
    expect(soldOut).toBeDisabled();
    await user.click(soldOut);
    expect(soldOut).not.toBeChecked();
  });

  it("speaks of the chosen size's stock and stops the quantity there", async () => {
    const { user } = openProduct(SIZED);
    expect(await screen.findByText('In stock (11 available)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByText('In stock (9 available)')).toBeInTheDocument();
    const stepper = within(screen.getByRole('group', { name: 'Quantity' }));
    for (let press = 0; press < 3; press += 1)
      await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(stepper.getByRole('status', { name: 'Quantity' })).toHaveTextContent('4');

    // S has 2: the quantity comes down to it, and + stops there.
    await user.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.getByText('Hurry, only 2 left!')).toBeInTheDocument();
    expect(stepper.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(stepper.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
  });

  it('asks for a size before Buy Now, then goes to /shipping', async () => {
    const { user } = openProduct(SIZED);
    await screen.findByRole('group', { name: 'Select Size' });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select a size');
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/product/details/silk-kurta',
    );
    await user.click(screen.getByRole('radio', { name: 'S' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/shipping');
  });

  it('opens the size chart with the chosen size marked, and shows the other colours', async () => {
    const { user } = openProduct(SIZED);
    await user.click(await screen.findByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Size chart' }));
    const dialog = screen.getByRole('dialog', { name: 'Apparel size chart' });
    expect(within(dialog).getByRole('rowheader', { name: 'M' }).closest('tr')).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maroon' })).toHaveAttribute(
      'href',
      '/product/details/silk-kurta-maroon',
    );
  });

  it('adds a product without sizes as before: no chips, no variantId', async () => {
    const { calls, user } = openProduct([variant(31, null, 5)]);
    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    expect(screen.queryByRole('group', { name: 'Select Size' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(additions(calls).map((call) => call.body)).toEqual([{ productId: 11, quantity: 1 }]),
    );
  });
});
