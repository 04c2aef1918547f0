import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageClear } from './cardSlice';

/** One toast id for cart and wishlist feedback, so a quick second message replaces the first instead of stacking. */
export const CARD_TOAST_ID = 'card-message';

/**
 * Spec §4/§8: the card slice's success and error messages become toasts and are then cleared.
 * Mounted once in App, so every page (listings, product details, cart, wishlist) gets exactly one toast.
 */
export function CardToasts(): null {
  const dispatch = useAppDispatch();
  const successMessage = useAppSelector((state) => state.card.successMessage);
  const errorMessage = useAppSelector((state) => state.card.errorMessage);
  // A call refused because the session ended elsewhere already sent the shopper to /login, which says why:
  // its own "Please login first" would only repeat that in a second toast.
  const sessionEnded = useAppSelector((state) => state.auth.sessionEnded);

  useEffect(() => {
    if (!successMessage && !errorMessage) return;
    if (successMessage) toast.success(successMessage, { id: CARD_TOAST_ID });
    if (errorMessage && !sessionEnded) toast.error(errorMessage, { id: CARD_TOAST_ID });
    dispatch(messageClear());
  }, [dispatch, successMessage, errorMessage, sessionEnded]);

  return null;
}
