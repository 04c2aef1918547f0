/** The spec's message pair that pages turn into toasts and then clear (auth, card, home, dashboard, order, chat, payment). */
export interface MessageState {
  successMessage: string;
  errorMessage: string;
}

/** The `messageClear` reducer every store area with a message pair exposes. */
export function clearMessages(state: MessageState): void {
  state.errorMessage = '';
  state.successMessage = '';
}

/** The text of a thunk rejected with `rejectBody`, or a generic one when the call failed without a body. */
export function errorOf(payload: unknown): string {
  return (payload as { error?: string } | undefined)?.error ?? 'Something went wrong';
}

/**
 * Whether a rejected endpoint action is the server's (or the network's) answer. RTK Query also rejects a query it
 * did not send (an answer already cached or on its way): that one is no failure to show.
 */
export function isCallFailure(action: { meta: { condition?: boolean } }): boolean {
  return !action.meta.condition;
}
