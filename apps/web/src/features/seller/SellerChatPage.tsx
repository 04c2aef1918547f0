import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import toast from 'react-hot-toast';
import type { ChatMessage, SellerProfile } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import {
  useLazyGetSellerConversationsQuery,
  useLazyGetSellerMessagesQuery,
  useLazyGetSellerQuery,
  useMarkConversationReadMutation,
  useSendSellerMessageMutation,
} from '../../api/sellerApi';
import { Skeleton } from '../../components/ui/Skeleton';
import { Avatar, Composer, MessageList, TOO_MANY_CHAT_WINDOWS } from '../chat';
import { connectSellerSocket } from './sellerSocket';
import { consoleReducer, initialConsoleState } from './consoleState';

const isFromSeller = (message: ChatMessage) => message.senderRole === 'seller';
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** The seller center's messages: customers with unread counts and online dots, and the live conversation. */
export default function SellerChatPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [seller, setSeller] = useState<SellerProfile | null>(null);
  const [state, dispatch] = useReducer(consoleReducer, initialConsoleState);
  // Calls through the app's API slice; the console merges their answers with the socket's news in its own state.
  const [getSeller] = useLazyGetSellerQuery();
  const [getConversations] = useLazyGetSellerConversationsQuery();
  const [getMessages] = useLazyGetSellerMessagesQuery();
  const [markRead] = useMarkConversationReadMutation();
  const [sendMessage] = useSendSellerMessageMutation();
  const openCustomerId = Number(params.get('customer')) || null;
  const openRef = useRef(openCustomerId);
  // Written after rendering, as React asks of refs; the socket handlers read it when a message arrives.
  useLayoutEffect(() => {
    openRef.current = openCustomerId;
  });

  const toLogin = useCallback(() => navigate('/seller/login', { replace: true }), [navigate]);

  // Session, conversation list and the live socket.
  useEffect(() => {
    let disconnect: (() => void) | undefined;
    let cancelled = false;
    getSeller()
      .unwrap()
      .then(async ({ seller: me }) => {
        if (cancelled) return;
        setSeller(me);
        const { customers } = await getConversations().unwrap();
        if (cancelled) return;
        dispatch({ type: 'listLoaded', conversations: customers });
        disconnect = connectSellerSocket({
          onCustomerMessage: (message) => {
            dispatch({ type: 'received', message });
            if (message.senderId === openRef.current) void markRead(message.senderId);
          },
          onActiveCustomers: (list) =>
            dispatch({ type: 'online', customerIds: list.map((c) => c.customerId) }),
          onUnauthorized: toLogin,
          onTooManyConnections: () => toast.error(TOO_MANY_CHAT_WINDOWS),
        });
      })
      .catch(toLogin);
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [toLogin, getSeller, getConversations, markRead]);

  // The open conversation's latest page (which also marks it read).
  useEffect(() => {
    if (!seller) return;
    dispatch({ type: 'open', customerId: openCustomerId });
    if (openCustomerId === null) return;
    getMessages({ customerId: openCustomerId })
      .unwrap()
      .then(({ messages }) => dispatch({ type: 'historyLoaded', customerId: openCustomerId, messages }))
      .catch(() => {
        toast.error('That conversation could not be opened');
        setParams({}, { replace: true });
      });
  }, [seller, openCustomerId, setParams, getMessages]);

  const loadOlder = useCallback(
    (before: number) => {
      if (openCustomerId === null) return;
      dispatch({ type: 'olderLoading' });
      getMessages({ customerId: openCustomerId, before })
        .unwrap()
        .then(({ messages }) => dispatch({ type: 'olderLoaded', customerId: openCustomerId, messages }))
        .catch(() => dispatch({ type: 'olderLoaded', customerId: openCustomerId, messages: [] }));
    },
    [openCustomerId, getMessages],
  );

  async function send(text: string) {
    if (openCustomerId === null) return 'Choose a conversation first.';
    try {
      const { message } = await sendMessage({ customerId: openCustomerId, text }).unwrap();
      dispatch({ type: 'sent', message });
      return null;
    } catch (error) {
      return failureMessage(error);
    }
  }

  const online = (customerId: number) => state.onlineCustomers.includes(customerId);
  const open = state.conversations.find((c) => c.customerId === openCustomerId) ?? null;
  const totalUnread = state.conversations.reduce((sum, c) => sum + c.unread, 0);

  return (
    <>
      <section>
        <h1 className="mb-3 text-lg font-bold text-ink-900 lg:text-xl">
          Customer chats
          {totalUnread > 0 && (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 align-middle text-xs font-semibold text-white">
              {totalUnread} unread
            </span>
          )}
        </h1>
        <div className="card flex overflow-hidden lg:h-[calc(100vh-10rem)] lg:min-h-[520px]">
          <aside
            aria-label="Customers"
            className={`w-full border-line lg:block lg:w-80 lg:shrink-0 lg:border-r ${openCustomerId ? 'hidden' : 'block'}`}
          >
            {!state.listLoaded ? (
              <div className="space-y-4 p-4" role="status">
                <span className="sr-only">Loading conversations</span>
                {[0, 1, 2, 3].map((i) => (
                  <div key={i} className="flex items-center gap-3">
                    <Skeleton className="h-11 w-11 rounded-full" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-3 w-1/2" />
                      <Skeleton className="h-3 w-4/5" />
                    </div>
                  </div>
                ))}
              </div>
            ) : state.conversations.length === 0 ? (
              <p className="p-6 text-center text-sm text-ink-500">
                No customer has written yet. New chats appear here live.
              </p>
            ) : (
              <ul className="h-full overflow-y-auto">
                {state.conversations.map((c) => {
                  const active = c.customerId === openCustomerId;
                  return (
                    <li key={c.customerId}>
                      <button
                        type="button"
                        onClick={() => setParams({ customer: String(c.customerId) })}
                        aria-current={active ? 'true' : undefined}
                        className={`flex w-full items-center gap-3 border-b border-line px-4 py-3 text-left transition ${
                          active ? 'bg-brand-50' : 'hover:bg-canvas'
                        }`}
                      >
                        <Avatar name={c.name} online={online(c.customerId)} />
                        <span className="min-w-0 flex-1">
                          <span className="flex items-baseline justify-between gap-2">
                            <span className="truncate text-sm font-semibold text-ink-900">{c.name}</span>
                            <span className="shrink-0 text-[11px] text-ink-500">
                              {timeFormat.format(new Date(c.lastMessageAt))}
                            </span>
                          </span>
                          <span className="flex items-center justify-between gap-2">
                            <span
                              className={`truncate text-xs ${c.unread ? 'font-medium text-ink-900' : 'text-ink-500'}`}
                            >
                              {c.lastSenderRole === 'seller' ? 'You: ' : ''}
                              {c.lastMessage}
                            </span>
                            {c.unread > 0 && (
                              <span
                                className="shrink-0 rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] font-bold text-white"
                                aria-label={`${c.unread} unread`}
                              >
                                {c.unread}
                              </span>
                            )}
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </aside>

          <section
            aria-label="Conversation"
            className={`min-w-0 flex-1 flex-col lg:flex ${openCustomerId ? 'flex' : 'hidden'}`}
          >
            {open ? (
              <>
                <header className="flex items-center gap-3 border-b border-line bg-white px-4 py-3">
                  <button
                    type="button"
                    onClick={() => setParams({})}
                    className="-ml-1 rounded-full p-1.5 text-ink-700 hover:bg-canvas lg:hidden"
                    aria-label="Back to customers"
                  >
                    <ArrowLeft className="h-5 w-5" aria-hidden="true" />
                  </button>
                  <Avatar name={open.name} online={online(open.customerId)} size="sm" />
                  <div className="min-w-0">
                    <h2 className="truncate text-base font-semibold text-ink-900">{open.name}</h2>
                    <p className={`text-xs ${online(open.customerId) ? 'text-success' : 'text-ink-500'}`}>
                      {online(open.customerId) ? 'Online now' : 'Offline'}
                    </p>
                  </div>
                </header>
                {state.messagesLoading ? (
                  <div className="h-[60vh] flex-1 space-y-3 bg-canvas p-5 lg:h-auto" role="status">
                    <span className="sr-only">Loading conversation</span>
                    <Skeleton className="h-8 w-1/2" />
                    <Skeleton className="ml-auto h-8 w-2/5" />
                    <Skeleton className="h-8 w-3/5" />
                  </div>
                ) : (
                  <MessageList
                    className="h-[60vh] min-h-0 flex-1 lg:h-auto"
                    messages={state.messages}
                    isMine={isFromSeller}
                    hasOlder={state.hasOlder}
                    loadingOlder={state.loadingOlder}
                    onLoadOlder={loadOlder}
                    emptyText="No messages yet."
                  />
                )}
                <Composer onSend={send} placeholder={`Reply to ${open.name}`} />
              </>
            ) : (
              <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                  <MessagesSquare className="h-8 w-8" aria-hidden="true" />
                </span>
                <p className="text-base font-semibold text-ink-900">Select a customer</p>
                <p className="max-w-xs text-sm text-ink-500">
                  Pick a conversation on the left to read and reply.
                </p>
              </div>
            )}
          </section>
        </div>
      </section>
    </>
  );
}
