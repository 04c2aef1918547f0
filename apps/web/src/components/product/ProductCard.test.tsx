import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDto, WishlistEntry } from '@bazaar/shared';
import { useGetWishlistQuery } from '../../api/cartApi';
import { kurtaDto } from '../../testing/catalogue';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { signIn } from '../../testing/signedIn';
import { ProductCard } from './ProductCard';

const kurta = kurtaDto({ rating: 4.2 });

const entryOf = (product: ProductDto, id: number): WishlistEntry => ({
  _id: id,
  productId: product._id,
  slug: product.slug,
  name: product.name,
  image: '',
  price: product.price,
  discount: product.discount,
  rating: product.rating,
  stock: product.stock,
});

/** A card as a listing shows it, with the wishlist loaded as the signed-in app keeps it (useSessionCartLoader). */
function CardWithWishlist({ signedIn }: { signedIn: boolean }) {
  useGetWishlistQuery(undefined, { skip: !signedIn });
  return <ProductCard product={kurta} />;
}

/** The server's wishlist, changed by the add and delete calls as the server would. */
function wishlistServer(saved: WishlistEntry[]) {
  return fakeApi({
    'GET /home/product/get-wishlist-products': () => ({ wishlists: saved, wishlistCount: saved.length }),
    'POST /home/product/add-to-wishlist': () => {
      saved.push(entryOf(kurta, 90));
      return { message: 'Added to wishlist' };
    },
    [`DELETE /home/product/delete-wishlist-product/90`]: () => {
      saved.splice(0, saved.length);
      return { message: 'Removed from wishlist', wishlistId: 90 };
    },
  });
}

describe('the heart on a product card', () => {
  it('sends a visitor to /login and saves nothing', async () => {
    const calls = wishlistServer([]);
    renderWithApp(<CardWithWishlist signedIn={false} />, { path: '/shops' });
    const heart = screen.getByRole('button', { name: 'Save Silk Kurta to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(heart);
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/login');
    expect(calls).toEqual([]);
  });

  it('shows a saved product as saved, and a press removes it', async () => {
    signIn();
    const calls = wishlistServer([entryOf(kurta, 90)]);
    renderWithApp(<CardWithWishlist signedIn />, { path: '/shops' });
    const heart = await screen.findByRole('button', {
      name: 'Remove Silk Kurta from wishlist',
      pressed: true,
    });
    await userEvent.setup().click(heart);
    await screen.findByRole('button', { name: 'Save Silk Kurta to wishlist', pressed: false });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'DELETE /home/product/delete-wishlist-product/90',
    );
  });

  it('saves the product with the keyboard, and shows it saved once the wishlist is read again', async () => {
    signIn();
    const calls = wishlistServer([]);
    renderWithApp(<CardWithWishlist signedIn />, { path: '/shops' });
    await waitFor(() => expect(calls).toHaveLength(1));
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Save Silk Kurta to wishlist', pressed: false }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Remove Silk Kurta from wishlist', pressed: true });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ productId: kurta._id });
  });
});

describe("a card's Add to Cart", () => {
  it('takes the shopper to the product page when the product needs a size', async () => {
    signIn();
    const calls = fakeApi({
      'POST /home/product/add-to-card': () => ({
        status: 400,
        body: { error: 'Please select a size', code: 'SIZE_REQUIRED' },
      }),
    });
    renderWithApp(<ProductCard product={kurta} />, { path: '/shops' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Silk Kurta to cart' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
        '/product/details/silk-kurta',
      ),
    );
    expect(calls.map((call) => call.body)).toEqual([{ productId: kurta._id, quantity: 1 }]);
  });
});
