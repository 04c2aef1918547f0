import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { get_card_products, get_wishlist_products, reset_count } from './cardSlice';

/**
 * Loads the signed-in customer's cart and wishlist (for the header counts and the pages), again whenever
 * a different customer signs in. Signing out sets both counts back to 0, as visitors see them.
 */
export function useSessionCartLoader(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.userInfo?.id);

  useEffect(() => {
    if (userId === undefined) {
      dispatch(reset_count());
      return;
    }
    void dispatch(get_card_products());
    void dispatch(get_wishlist_products());
  }, [dispatch, userId]);
}
