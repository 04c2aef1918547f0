import { useEffect, useRef } from 'react';
import { bazaarApi, SHOPPER_TAGS } from '../../api/bazaarApi';
import { useGetCartQuery, useGetWishlistQuery } from '../../api/cartApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { reset_count } from './cardSlice';

/**
 * Keeps the signed-in customer's cart and wishlist loaded (for the header counts and the pages): while someone is
 * signed in both queries stay subscribed, so any change that invalidates them reads them again. When a different
 * customer signs in, everything cached for the previous one is stale. Signing out sets both counts back to 0, as
 * visitors see them.
 */
export function useSessionCartLoader(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.userInfo?.id);
  const signedOut = userId === undefined;
  useGetCartQuery(undefined, { skip: signedOut });
  useGetWishlistQuery(undefined, { skip: signedOut });

  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== userId) dispatch(bazaarApi.util.invalidateTags([...SHOPPER_TAGS]));
    previousUser.current = userId;
    if (userId === undefined) dispatch(reset_count());
  }, [dispatch, userId]);
}
