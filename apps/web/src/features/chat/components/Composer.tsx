import { useState, type FormEvent } from 'react';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@bazaar/shared';

/**
 * Text input, a visibly disabled attachment control (attachments are not supported) and a send icon button.
 * Empty or whitespace-only text is not sent; the box clears on send and gets the text back if sending fails,
 * with the server's reason (e.g. sending too quickly) when there is one.
 */
export function Composer({
  onSend,
  disabled = false,
  placeholder = 'Type a message',
}: {
  /** Resolves to null once sent, or to why the message was not sent. */
  onSend: (text: string) => Promise<string | null>;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    setText('');
    setFailure(null);
    const notSent = await onSend(trimmed);
    if (notSent !== null) {
      setText(trimmed);
      setFailure(notSent);
    }
  }

  return (
    <form onSubmit={submit} className="border-t border-line bg-white p-3">
      <div className="flex items-center gap-2">
        <label
          title="Attachments are not available"
          className="flex h-10 w-10 shrink-0 cursor-not-allowed items-center justify-center rounded-full text-ink-300"
        >
          <Paperclip className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">Attach a file (not available)</span>
          <input type="file" disabled className="sr-only" />
        </label>
        <label className="sr-only" htmlFor="chat-message">
          Message
        </label>
        <input
          id="chat-message"
          className="input rounded-full"
          placeholder={placeholder}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          autoComplete="off"
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={disabled || !text.trim()}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      {failure !== null && (
        <p role="alert" className="mt-2 pl-12 text-xs text-danger">
          Message not sent. {failure}
        </p>
      )}
    </form>
  );
}
