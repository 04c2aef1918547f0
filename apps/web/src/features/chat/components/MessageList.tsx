import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '@bazaar/shared';

const LOAD_OLDER_THRESHOLD_PX = 40;

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The message pane: scrolls to the newest message, asks for older ones when scrolled to the top and keeps the
 * reading position when they are prepended. `isMine` decides which side a bubble sits on.
 */
export function MessageList({
  messages,
  isMine,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  className = '',
  emptyText,
}: {
  messages: ChatMessage[];
  isMine: (message: ChatMessage) => boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: (beforeId: number) => void;
  className?: string;
  emptyText: string;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?._id;
  const lastId = messages.at(-1)?._id;
  const previous = useRef<{ firstId?: number; lastId?: number; scrollHeight: number; scrollTop: number }>({
    scrollHeight: 0,
    scrollTop: 0,
  });

  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const before = previous.current;
    if (before.firstId !== undefined && firstId !== before.firstId && lastId === before.lastId) {
      // Older messages were prepended: keep the message the reader was looking at in place.
      el.scrollTop = el.scrollHeight - before.scrollHeight + before.scrollTop;
    } else if (lastId !== before.lastId) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstId, lastId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
  }, [firstId, lastId]);

  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const onScroll = () => {
      previous.current = { ...previous.current, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasOlder && !loadingOlder && firstId !== undefined)
        onLoadOlder(firstId);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [hasOlder, loadingOlder, firstId, onLoadOlder]);

  return (
    <div
      ref={pane}
      role="log"
      aria-live="polite"
      aria-label="Messages"
      tabIndex={0}
      className={`overflow-y-auto bg-canvas px-3 py-4 sm:px-5 ${className}`}
    >
      {loadingOlder && (
        <p role="status" className="pb-3 text-center text-xs text-ink-500">
          Loading earlier messages…
        </p>
      )}
      {messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-ink-500">
          {emptyText}
        </p>
      ) : (
        <ol className="space-y-2">
          {messages.map((message, index) => {
            const mine = isMine(message);
            const day = dayFormat.format(new Date(message.createdAt));
            const newDay = index === 0 || dayFormat.format(new Date(messages[index - 1]!.createdAt)) !== day;
            return (
              <li key={message._id}>
                {newDay && (
                  <p className="my-3 text-center">
                    <span className="rounded-full bg-white px-3 py-1 text-[11px] font-medium text-ink-500 shadow-card">
                      {day}
                    </span>
                  </p>
                )}
                <div className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                  <div
                    data-testid={mine ? 'message-mine' : 'message-theirs'}
                    className={`max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-card ${
                      mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-white text-ink-900'
                    }`}
                  >
                    <p className="break-words whitespace-pre-wrap">{message.message}</p>
                    <p className={`mt-1 text-right text-[10px] ${mine ? 'text-brand-100' : 'text-ink-500'}`}>
                      <span className="sr-only">{mine ? 'You' : message.senderName}, </span>
                      {timeFormat.format(new Date(message.createdAt))}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
