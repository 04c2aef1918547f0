import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { add_to_card, add_to_wishlist, messageClear } from '../../features/cart/cardSlice';

/**
 * Cart and wishlist actions from a listing or product page. Visitors are sent to /login (spec §5);
 * signed-in customers' requests go to the card slice, whose messages useCardMessageToasts shows.
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

/**
 * Shows the card slice's success/error message as a toast and clears it. A fixed toast id keeps it to one
 * toast even when another part of the page (the header) watches the same message.
 */
export function useCardMessageToasts() {
  const dispatch = useAppDispatch();
  const { successMessage, errorMessage } = useAppSelector((state) => state.card);

  useEffect(() => {
    if (successMessage) toast.success(successMessage, { id: 'card-message' });
    if (errorMessage) toast.error(errorMessage, { id: 'card-message' });
    if (successMessage || errorMessage) dispatch(messageClear());
  }, [dispatch, successMessage, errorMessage]);
}
