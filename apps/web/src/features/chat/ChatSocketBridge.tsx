import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import type { ChatMessage } from '@bazaar/shared';
import { apiRequest } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { updateMessage, updateSellers } from './chatSlice';
import { TOO_MANY_CHAT_WINDOWS } from './socketRefusal';

const OPEN_CHAT = /^\/dashboard\/chat\/(\d+)\/?$/;

/**
 * Keeps the signed-in customer's socket open on every page: incoming seller messages go to the chat store, and
 * one for a conversation that is not open raises the spec's toast '{seller name} send a message'.
 * socket.io-client is only downloaded once someone is signed in.
 */
export function ChatSocketBridge() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const { pathname } = useLocation();
  const openSellerId = useRef<number | null>(null);
  const latestUser = useRef(userInfo);
  // Refs are written after rendering (React may render and throw away); layout effects run before the socket's.
  useLayoutEffect(() => {
    openSellerId.current = Number(OPEN_CHAT.exec(pathname)?.[1] ?? NaN) || null;
    latestUser.current = userInfo;
  });

  // Reconnect whenever the session changes: a new token gives a new userInfo object (sign-in, profile update, and a
  // password change, where the server closes the sockets of the session it replaced and does not let them retry).
  useEffect(() => {
    const user = latestUser.current;
    if (!userInfo || !user) return;
    let disconnect: (() => void) | undefined;
    let cancelled = false;
    const onSellerMessage = (message: ChatMessage) => {
      dispatch(updateMessage(message));
      if (message.senderId !== openSellerId.current) toast.success(`${message.senderName} send a message`);
    };
    void import('./socket').then(({ connectCustomerSocket }) => {
      if (cancelled) return;
      disconnect = connectCustomerSocket({
        userInfo: user,
        onSellerMessage,
        onActiveSellers: (sellers) => dispatch(updateSellers(sellers)),
        onTooManyConnections: () => toast.error(TOO_MANY_CHAT_WINDOWS),
        // A session that ended is refused (401) by this call, which signs the shopper out here at once
        // (SessionEndedRedirect); a session that still stands (another tab replaced the token) changes nothing.
        onClosedByServer: () => void apiRequest('GET', '/home/customer/get_default_address').catch(() => {}),
      });
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [userInfo, dispatch]);

  return null;
}
