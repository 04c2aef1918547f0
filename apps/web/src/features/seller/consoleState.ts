import { CHAT_PAGE_SIZE, type ChatMessage, type SellerConversation } from '@bazaar/shared';

/** State of the seller console: conversations, the open one and who is online. */
export interface ConsoleState {
  conversations: SellerConversation[];
  listLoaded: boolean;
  openCustomerId: number | null;
  messages: ChatMessage[];
  messagesLoading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onlineCustomers: number[];
}

export const initialConsoleState: ConsoleState = {
  conversations: [],
  listLoaded: false,
  openCustomerId: null,
  messages: [],
  messagesLoading: false,
  hasOlder: false,
  loadingOlder: false,
  onlineCustomers: [],
};

export type ConsoleAction =
  | { type: 'listLoaded'; conversations: SellerConversation[] }
  | { type: 'open'; customerId: number | null }
  | { type: 'historyLoaded'; customerId: number; messages: ChatMessage[] }
  | { type: 'olderLoading' }
  | { type: 'olderLoaded'; customerId: number; messages: ChatMessage[] }
  | { type: 'received'; message: ChatMessage }
  | { type: 'sent'; message: ChatMessage }
  | { type: 'online'; customerIds: number[] };

const customerOf = (message: ChatMessage) =>
  message.senderRole === 'customer' ? message.senderId : message.receverId;

/** The conversation a message belongs to moves to the top with the message as its preview. */
function withLatest(
  state: ConsoleState,
  message: ChatMessage,
  unreadIncrement: number,
): SellerConversation[] {
  const customerId = customerOf(message);
  const existing = state.conversations.find((c) => c.customerId === customerId);
  const updated: SellerConversation = {
    customerId,
    name: existing?.name ?? message.senderName,
    lastMessage: message.message,
    lastSenderRole: message.senderRole,
    lastMessageAt: message.createdAt,
    unread: (existing?.unread ?? 0) + unreadIncrement,
  };
  return [updated, ...state.conversations.filter((c) => c.customerId !== customerId)];
}

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'listLoaded':
      return { ...state, conversations: action.conversations, listLoaded: true };
    case 'open':
      return {
        ...state,
        openCustomerId: action.customerId,
        messages: [],
        hasOlder: false,
        messagesLoading: action.customerId !== null,
        // Opening a conversation reads it.
        conversations: state.conversations.map((c) =>
          c.customerId === action.customerId ? { ...c, unread: 0 } : c,
        ),
      };
    case 'historyLoaded':
      if (action.customerId !== state.openCustomerId) return state;
      return {
        ...state,
        messages: action.messages,
        messagesLoading: false,
        hasOlder: action.messages.length === CHAT_PAGE_SIZE,
      };
    case 'olderLoading':
      return { ...state, loadingOlder: true };
    case 'olderLoaded': {
      if (action.customerId !== state.openCustomerId) return { ...state, loadingOlder: false };
      const known = new Set(state.messages.map((m) => m._id));
      return {
        ...state,
        loadingOlder: false,
        hasOlder: action.messages.length === CHAT_PAGE_SIZE,
        messages: [...action.messages.filter((m) => !known.has(m._id)), ...state.messages],
      };
    }
    case 'received':
    case 'sent': {
      const isOpen = customerOf(action.message) === state.openCustomerId;
      const alreadyShown = state.messages.some((m) => m._id === action.message._id);
      return {
        ...state,
        conversations: withLatest(state, action.message, action.type === 'received' && !isOpen ? 1 : 0),
        messages: isOpen && !alreadyShown ? [...state.messages, action.message] : state.messages,
      };
    }
    case 'online':
      return { ...state, onlineCustomers: action.customerIds };
  }
}
