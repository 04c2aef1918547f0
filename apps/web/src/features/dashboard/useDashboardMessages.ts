import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageClear } from './dashboardSlice';

/** Spec §8: the dashboard area's server messages show as toasts and are then cleared. */
export function useDashboardMessages(): void {
  const dispatch = useAppDispatch();
  const { successMessage, errorMessage } = useAppSelector((state) => state.dashboard);
  useEffect(() => {
    if (successMessage) toast.success(successMessage);
    if (errorMessage) toast.error(errorMessage);
    if (successMessage || errorMessage) dispatch(messageClear());
  }, [successMessage, errorMessage, dispatch]);
}
