import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageClear } from './cardSlice';

/** One toast id for the card slice's messages: if this hook is mounted twice, the second toast replaces the first. */
export const CARD_TOAST_ID = 'card-message';

/**
 * Spec §4/§8: the card slice's success and error messages become toasts and are then cleared.
 * (The cart reload that follows a success is started by the thunk itself, so mounting this twice is harmless.)
 */
export function useCardToasts(): void {
  const dispatch = useAppDispatch();
  const successMessage = useAppSelector((state) => state.card.successMessage);
  const errorMessage = useAppSelector((state) => state.card.errorMessage);

  useEffect(() => {
    if (!successMessage && !errorMessage) return;
    if (successMessage) toast.success(successMessage, { id: CARD_TOAST_ID });
    if (errorMessage) toast.error(errorMessage, { id: CARD_TOAST_ID });
    dispatch(messageClear());
  }, [dispatch, successMessage, errorMessage]);
}

/** The same as a component, for mounting once near the root. */
export function CardToasts(): null {
  useCardToasts();
  return null;
}
