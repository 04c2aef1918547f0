import { useEffect, useRef } from 'react';
import { bazaarApi, SHOPPER_TAGS } from '../../api/bazaarApi';
import { useGetCartQuery, useGetWishlistQuery } from '../../api/cartApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { reset_count } from './cardSlice';

/**
 * Keeps the signed-in customer's cart and wishlist loaded (for the header counts and the pages): while someone is
 * signed in both queries stay subscribed, so any change that invalidates them reads them again. When the customer
 * signs out or another signs in, everything cached for the previous one is stale. Signing out sets both counts back to 0, as
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
    // Only a customer's answers can be stale: after a sign-out (or a switch) they are read again or dropped, so a
    // sign-in after a visit has nothing to invalidate, and its first reads are not asked for twice.
    const previous = previousUser.current;
    if (previous !== undefined && previous !== userId)
      dispatch(bazaarApi.util.invalidateTags([...SHOPPER_TAGS]));
    previousUser.current = userId;
    if (userId === undefined) dispatch(reset_count());
  }, [dispatch, userId]);
}
