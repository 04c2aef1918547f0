import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  add_to_card,
  add_to_wishlist,
  get_wishlist_products,
  remove_wishlist,
} from '../../features/cart/cardSlice';

/**
 * Cart and wishlist actions from a listing or product page. Visitors are sent to /login (spec §5);
 * signed-in customers' requests go to the card slice, whose messages the app-wide <CardToasts /> shows.
 */
export function useCartActions() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector((state) => state.auth.userInfo !== null);

  const requireSignIn = useCallback(() => {
    if (!signedIn) navigate('/login');
    return signedIn;
  }, [navigate, signedIn]);

  const addToCart = useCallback(
    (productId: number, quantity = 1) => {
      if (requireSignIn()) void dispatch(add_to_card({ productId, quantity }));
    },
    [dispatch, requireSignIn],
  );

  const addToWishlist = useCallback(
    (productId: number) => {
      if (!requireSignIn()) return;
      // The answer carries no entry: the list is read again so pages can show the product as saved (and remove it).
      void dispatch(add_to_wishlist({ productId })).then((result) => {
        if (add_to_wishlist.fulfilled.match(result)) void dispatch(get_wishlist_products());
      });
    },
    [dispatch, requireSignIn],
  );

  /** The shopper's wishlist entry for a product, if it is saved. */
  const wishlist = useAppSelector((state) => state.card.wishlist);
  const wishlistEntryOf = useCallback(
    (productId: number) => wishlist.find((entry) => entry.productId === productId),
    [wishlist],
  );

  /** Saves the product, or removes it when it is saved already. */
  const toggleWishlist = useCallback(
    (productId: number) => {
      const entry = wishlistEntryOf(productId);
      if (entry) void dispatch(remove_wishlist(entry._id));
      else addToWishlist(productId);
    },
    [dispatch, addToWishlist, wishlistEntryOf],
  );

  return { signedIn, requireSignIn, addToCart, addToWishlist, wishlistEntryOf, toggleWishlist };
}
