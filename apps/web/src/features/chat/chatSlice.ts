import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActiveSeller, ChatFriend, ChatMessage } from '@bazaar/shared';
import { chatApi } from '../../api/chatApi';
import { CHAT_PAGE_SIZE } from '@bazaar/shared/limits';
import { clearMessages, errorOf } from '../../app/sliceHelpers';

export const MESSAGE_SEND_SUCCESS = 'message send success';

export interface ChatState {
  my_friends: ChatFriend[];
  fd_messages: ChatMessage[];
  currentFd: ChatFriend | null;
  /** Sellers online right now, from the activeSeller event. */
  activeSeller: ActiveSeller[];
  successMessage: string;
  errorMessage: string;
  loading: boolean;
  sending: boolean;
  loadingOlder: boolean;
  /** Whether scrolling up can fetch older messages of the open conversation. */
  hasOlder: boolean;
  /** The chat-opening request whose answer counts; an older one that answers late is ignored. */
  openRequestId: string | null;
}

const initialState: ChatState = {
  my_friends: [],
  fd_messages: [],
  currentFd: null,
  activeSeller: [],
  successMessage: '',
  errorMessage: '',
  loading: false,
  sending: false,
  loadingOlder: false,
  hasOlder: false,
  openRequestId: null,
};

const { endpoints } = chatApi;

/** Spec §4: the friend a message was exchanged with moves to the top of the list (added if new). */
function moveToTop(friends: ChatFriend[], friend: ChatFriend): ChatFriend[] {
  return [
    friends.find((f) => f.fdId === friend.fdId) ?? friend,
    ...friends.filter((f) => f.fdId !== friend.fdId),
  ];
}

function appendOnce(messages: ChatMessage[], message: ChatMessage): void {
  if (!messages.some((m) => m._id === message._id)) messages.push(message);
}

const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    messageClear: clearMessages,
    /** An incoming seller_message. */
    updateMessage(state, { payload }: PayloadAction<ChatMessage>) {
      if (payload.senderRole !== 'seller') return;
      if (state.currentFd?.fdId === payload.senderId) appendOnce(state.fd_messages, payload);
      state.my_friends = moveToTop(state.my_friends, { fdId: payload.senderId, name: payload.senderName });
    },
    /** The activeSeller event. */
    updateSellers(state, { payload }: PayloadAction<ActiveSeller[]>) {
      state.activeSeller = payload;
    },
  },
  // Fed from the chat endpoints (api/chatApi.ts) and, through the reducers above, the socket.
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.openChat.matchPending, (state, { meta }) => {
        state.openRequestId = meta.requestId;
        state.loading = true;
      })
      .addMatcher(endpoints.openChat.matchFulfilled, (state, { payload, meta }) => {
        if (meta.requestId !== state.openRequestId) return;
        state.loading = false;
        state.my_friends = payload.myFriends;
        state.fd_messages = payload.messages;
        state.currentFd = payload.currentFd || null;
        state.hasOlder = payload.messages.length === CHAT_PAGE_SIZE;
      })
      .addMatcher(endpoints.openChat.matchRejected, (state, { payload, meta }) => {
        if (meta.requestId !== state.openRequestId) return;
        state.loading = false;
        state.currentFd = null;
        state.fd_messages = [];
        state.errorMessage = errorOf(payload);
      })
      .addMatcher(endpoints.sendMessageToSeller.matchPending, (state) => {
        state.sending = true;
      })
      .addMatcher(endpoints.sendMessageToSeller.matchFulfilled, (state, { payload }) => {
        state.sending = false;
        const { message } = payload;
        if (state.currentFd?.fdId === message.receverId) appendOnce(state.fd_messages, message);
        const friend = state.my_friends.find((f) => f.fdId === message.receverId);
        if (friend) state.my_friends = moveToTop(state.my_friends, friend);
        state.successMessage = MESSAGE_SEND_SUCCESS;
      })
      .addMatcher(endpoints.sendMessageToSeller.matchRejected, (state, { payload }) => {
        state.sending = false;
        state.errorMessage = errorOf(payload);
      })
      .addMatcher(endpoints.getOlderMessages.matchPending, (state) => {
        state.loadingOlder = true;
      })
      .addMatcher(endpoints.getOlderMessages.matchFulfilled, (state, { payload, meta }) => {
        state.loadingOlder = false;
        if (state.currentFd?.fdId !== meta.arg.originalArgs.sellerId) return;
        const known = new Set(state.fd_messages.map((m) => m._id));
        state.fd_messages = [...payload.messages.filter((m) => !known.has(m._id)), ...state.fd_messages];
        state.hasOlder = payload.messages.length === CHAT_PAGE_SIZE;
      })
      .addMatcher(endpoints.getOlderMessages.matchRejected, (state) => {
        state.loadingOlder = false;
      });
  },
});

export const { messageClear, updateMessage, updateSellers } = chatSlice.actions;
export const chatReducer = chatSlice.reducer;
