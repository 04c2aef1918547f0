import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import {
  useAddToCartMutation,
  useAddToWishlistMutation,
  useRemoveFromWishlistMutation,
} from '../../api/cartApi';
import type { ApiFailure } from '../../api/bazaarApi';
import { productPath } from './productRules';

/**
 * Cart and wishlist actions from a listing or product page. Visitors are sent to /login (spec §5);
 * signed-in customers' requests go to the cart endpoints, whose answers the card store area turns into the messages
 * the app-wide <CardToasts /> shows.
 */
export function useCartActions() {
  const [addToCartCall] = useAddToCartMutation();
  const [addToWishlistCall] = useAddToWishlistMutation();
  const [removeFromWishlist] = useRemoveFromWishlistMutation();
  const navigate = useNavigate();
  const signedIn = useAppSelector((state) => state.auth.userInfo !== null);

  const requireSignIn = useCallback(() => {
    if (!signedIn) navigate('/login');
    return signedIn;
  }, [navigate, signedIn]);

  /**
   * Adds to the cart; `variantId` is the chosen size. A card knows no sizes: when the server answers that the product
   * needs one (SIZE_REQUIRED, shown as its toast), the shopper is taken to the product page (`slug`) to pick it.
   */
  const addToCart = useCallback(
    (productId: number, quantity = 1, { variantId, slug }: { variantId?: number; slug?: string } = {}) => {
      if (!requireSignIn()) return;
      addToCartCall({ productId, quantity, ...(variantId === undefined ? {} : { variantId }) })
        .unwrap()
        .catch((failure: unknown) => {
          if (slug !== undefined && (failure as Partial<ApiFailure>).code === 'SIZE_REQUIRED')
            navigate(productPath(slug));
        });
    },
    [addToCartCall, requireSignIn, navigate],
  );

  const addToWishlist = useCallback(
    (productId: number) => {
      // The wishlist is read again afterwards (the endpoint invalidates it), so pages show the product as saved.
      if (requireSignIn()) void addToWishlistCall({ productId });
    },
    [addToWishlistCall, requireSignIn],
  );

  /**
   * The shopper's wishlist entry for a product, if it is saved. The list is the wishlist query's answer, which the
   * store keeps after a sign-out: a visitor has saved nothing.
   */
  const wishlist = useAppSelector((state) => state.card.wishlist);
  const wishlistEntryOf = useCallback(
    (productId: number) => (signedIn ? wishlist.find((entry) => entry.productId === productId) : undefined),
    [wishlist, signedIn],
  );

  /** Saves the product, or removes it when it is saved already. */
  const toggleWishlist = useCallback(
    (productId: number) => {
      const entry = wishlistEntryOf(productId);
      if (entry) void removeFromWishlist(entry._id);
      else addToWishlist(productId);
    },
    [removeFromWishlist, addToWishlist, wishlistEntryOf],
  );

  return { signedIn, requireSignIn, addToCart, addToWishlist, wishlistEntryOf, toggleWishlist };
}
