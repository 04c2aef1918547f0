import { useState } from 'react';
import { failureMessage } from '../../api/bazaarApi';

/** What the last action on a card or page said: the server's message, or why it failed. */
export type Outcome = { ok: boolean; text: string } | null;

/**
 * Runs one action at a time and keeps its outcome: the text `action` resolves to (usually the server's message),
 * or the server's error, `fallback` when it gave none. `report` answers whether the action worked.
 */
export function useActionOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function report(action: () => Promise<string>, fallback: string): Promise<boolean> {
    try {
      setOutcome({ ok: true, text: await action() });
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: failureMessage(error, fallback) });
      return false;
    }
  }
  return { outcome, report, clear: () => setOutcome(null) };
}

/** The outcome under the action: announced politely when it worked, at once when it failed. */
export function OutcomeNote({ outcome, className = '' }: { outcome: Outcome; className?: string }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={`text-sm ${outcome.ok ? 'text-success' : 'text-danger'}${className ? ` ${className}` : ''}`}
    >
      {outcome.text}
    </p>
  );
}
