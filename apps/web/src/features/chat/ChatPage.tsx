import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MessagesSquare, Store } from 'lucide-react';
import type { ChatMessage } from '@bazaar/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorOf } from '../../app/sliceHelpers';
import { Skeleton } from '../../components/ui/Skeleton';
import { messageClear } from './chatSlice';
import {
  useLazyGetOlderMessagesQuery,
  useOpenChatMutation,
  useSendMessageToSellerMutation,
} from '../../api/chatApi';
import { echoSentMessage } from './socket';
import { Avatar } from './components/Avatar';
import { MessageList } from './components/MessageList';
import { Composer } from './components/Composer';

const isFromCustomer = (message: ChatMessage) => message.senderRole === 'customer';

/** Spec §2 Dashboard chat: sellers on the left (230 px), the conversation (400 px pane) on the right. */
export default function ChatPage() {
  const { sellerId } = useParams();
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((state) => state.auth.userInfo)!;
  const {
    my_friends,
    fd_messages,
    currentFd,
    activeSeller,
    successMessage,
    errorMessage,
    loading,
    hasOlder,
    loadingOlder,
  } = useAppSelector((state) => state.chat);
  const chosenSellerId = Number(sellerId) || '';
  // A failure belongs to the seller it was for: choosing another seller hides it without resetting state.
  const [failedOpen, setFailedOpen] = useState<{ sellerId: number | ''; error: string } | null>(null);
  const openError = failedOpen?.sellerId === chosenSellerId ? failedOpen.error : '';
  const [openChat] = useOpenChatMutation();
  const [sendMessage] = useSendMessageToSellerMutation();
  const [getOlderMessages] = useLazyGetOlderMessagesQuery();
  useEffect(() => {
    openChat({ sellerId: chosenSellerId, userId: userInfo.id })
      .unwrap()
      .catch((rejected: { error?: string }) => {
        setFailedOpen({ sellerId: chosenSellerId, error: rejected.error ?? 'This chat could not be opened' });
      });
  }, [openChat, chosenSellerId, userInfo.id]);

  // Spec: after a successful send the last message is echoed on the socket and the message cleared.
  useEffect(() => {
    if (!successMessage && !errorMessage) return;
    const last = fd_messages.at(-1);
    if (successMessage && last && isFromCustomer(last)) echoSentMessage(last);
    dispatch(messageClear());
  }, [successMessage, errorMessage, fd_messages, dispatch]);

  const online = (fdId: number) => activeSeller.some((s) => s.sellerId === fdId);
  const open = currentFd && currentFd.fdId === chosenSellerId ? currentFd : null;

  const sendText = async (text: string) => {
    if (!open) return 'Choose a seller first.';
    const result = await sendMessage({ userId: userInfo.id, text, sellerId: open.fdId, name: userInfo.name });
    return result.error ? errorOf(result.error) : null;
  };
  const loadOlder = useCallback(
    (before: number) => {
      if (open) void getOlderMessages({ sellerId: open.fdId, before });
    },
    [getOlderMessages, open],
  );

  const showListSkeleton = loading && my_friends.length === 0;

  return (
    <section aria-labelledby="chat-title">
      <h1 id="chat-title" className="mb-4 text-xl font-bold text-ink-900 lg:text-2xl">
        Chat with sellers
      </h1>
      <div className="card flex flex-col overflow-hidden lg:flex-row">
        <aside
          className="border-b border-line lg:w-[230px] lg:shrink-0 lg:border-r lg:border-b-0"
          aria-label="Sellers"
        >
          <h2 className="flex items-center gap-2 px-4 py-3 text-sm font-semibold text-ink-700">
            <Store className="h-4 w-4 text-brand-600" aria-hidden="true" /> Sellers
          </h2>
          {showListSkeleton ? (
            <div className="space-y-3 px-4 pb-4" role="status">
              <span className="sr-only">Loading sellers</span>
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex items-center gap-3">
                  <Skeleton className="h-11 w-11 rounded-full" />
                  <Skeleton className="h-3 w-28" />
                </div>
              ))}
            </div>
          ) : my_friends.length === 0 ? (
            <p className="px-4 pb-4 text-sm text-ink-500">
              No chats yet. Use <span className="font-medium text-ink-700">Chat Seller</span> on a product to
              start one.
            </p>
          ) : (
            <ul className="max-h-60 overflow-y-auto pb-2 lg:max-h-[472px]">
              {my_friends.map((friend) => {
                const active = friend.fdId === chosenSellerId;
                return (
                  <li key={friend.fdId}>
                    <Link
                      to={`/dashboard/chat/${friend.fdId}`}
                      aria-current={active ? 'page' : undefined}
                      className={`flex items-center gap-3 px-4 py-2.5 transition ${
                        active ? 'bg-brand-50' : 'hover:bg-canvas'
                      }`}
                    >
                      <Avatar name={friend.name} online={online(friend.fdId)} />
                      <span className="min-w-0">
                        <span
                          className={`block truncate text-sm ${active ? 'font-semibold text-brand-700' : 'font-medium text-ink-900'}`}
                        >
                          {friend.name}
                        </span>
                        <span className="text-xs text-ink-500">
                          {online(friend.fdId) ? 'Online' : 'Offline'}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          {open ? (
            <>
              <header className="flex items-center gap-3 border-b border-line px-4 py-3">
                <Avatar name={open.name} online={online(open.fdId)} size="sm" />
                <div className="min-w-0">
                  <h2 className="truncate text-base font-semibold text-ink-900">{open.name}</h2>
                  <p className={`text-xs ${online(open.fdId) ? 'text-success' : 'text-ink-500'}`}>
                    {online(open.fdId) ? 'Online now' : 'Offline · replies when back'}
                  </p>
                </div>
              </header>
              <MessageList
                className="h-[400px]"
                messages={fd_messages}
                isMine={isFromCustomer}
                hasOlder={hasOlder}
                loadingOlder={loadingOlder}
                onLoadOlder={loadOlder}
                emptyText={`Say hello to ${open.name}. Ask about sizes, stock or delivery.`}
              />
              <Composer onSend={sendText} />
            </>
          ) : chosenSellerId && loading ? (
            <div className="h-[400px] space-y-3 p-5" role="status">
              <span className="sr-only">Loading conversation</span>
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="ml-auto h-8 w-2/5" />
              <Skeleton className="h-8 w-3/5" />
            </div>
          ) : (
            <div className="flex h-[400px] flex-col items-center justify-center gap-3 px-6 text-center">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <MessagesSquare className="h-8 w-8" aria-hidden="true" />
              </span>
              <p className="text-base font-semibold text-ink-900">{openError || 'select seller'}</p>
              <p className="max-w-xs text-sm text-ink-500">
                {openError
                  ? 'Pick a seller from the list instead.'
                  : 'Choose a seller from the list to see your conversation.'}
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
