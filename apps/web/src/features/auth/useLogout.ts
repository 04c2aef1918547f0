import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAppDispatch } from '../../app/hooks';
import { useLogoutMutation } from '../../api/authApi';
import { reset_count } from '../cart';
import { messageClear } from './authSlice';

/**
 * The spec's logout, wherever it is offered (header menu, dashboard): end the session on the server, clear the cart
 * and wishlist counts, show the server's message and go to `destination` (the header goes home, the dashboard to
 * /login, replacing the account page in history so Back does not return to it).
 */
export function useLogout(): (destination: '/' | '/login') => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(
    async (destination) => {
      const result = await logout();
      dispatch(reset_count());
      toast.success(result.data?.message ?? 'You have been logged out');
      dispatch(messageClear());
      navigate(destination, { replace: destination === '/login' });
    },
    [dispatch, logout, navigate],
  );
}
