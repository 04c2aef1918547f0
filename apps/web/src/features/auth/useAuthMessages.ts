import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageClear } from './authSlice';

/** Shows the auth area's server messages as toasts, then clears them (spec §8). */
export function useAuthMessages(): void {
  const dispatch = useAppDispatch();
  const { successMessage, errorMessage } = useAppSelector((state) => state.auth);
  useEffect(() => {
    if (!successMessage && !errorMessage) return;
    // A fixed id means a message is never stacked twice, even if two screens react to it.
    if (successMessage) toast.success(successMessage, { id: 'auth-success' });
    if (errorMessage) toast.error(errorMessage, { id: 'auth-error' });
    dispatch(messageClear());
  }, [successMessage, errorMessage, dispatch]);
}
