import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOKEN_KEY, whenSessionEnds } from '../../api/client';
import { useAppDispatch } from '../../app/hooks';
import { session_ended } from './authSlice';

/**
 * A shopper whose session ended elsewhere (logout on another device, a password change, the 7-day expiry) is
 * signed out here too the moment the server says so, and sent to /login, which says why and brings them back
 * afterwards. Without it the header kept their name while every page showed empty data.
 */
export function SessionEndedRedirect(): null {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(
    () =>
      whenSessionEnds(() => {
        localStorage.removeItem(TOKEN_KEY);
        dispatch(session_ended());
        // A guarded page (cart, dashboard) is sent on by RequireAuth as well, with the same return path.
        if (window.location.pathname !== '/login')
          navigate('/login', { state: { from: window.location.pathname + window.location.search } });
      }),
    [dispatch, navigate],
  );
  return null;
}
