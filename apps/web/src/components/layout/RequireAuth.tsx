import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';

/** Sends visitors to /login, remembering where they were going so login can bring them back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const location = useLocation();
  if (!userInfo)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
