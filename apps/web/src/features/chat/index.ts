/**
 * The chat feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { chatReducer } from './chatSlice';
export { ChatSocketBridge } from './ChatSocketBridge';
export { Avatar } from './components/Avatar';
export { Composer } from './components/Composer';
export { MessageList } from './components/MessageList';
export { TOO_MANY_CHAT_WINDOWS } from './socketRefusal';
