import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { add_to_card, add_to_wishlist } from '../../features/cart/cardSlice';

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
      if (requireSignIn()) void dispatch(add_to_wishlist({ productId }));
    },
    [dispatch, requireSignIn],
  );

  return { signedIn, requireSignIn, addToCart, addToWishlist };
}
