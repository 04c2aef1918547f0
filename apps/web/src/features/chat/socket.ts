import { io, type Socket } from 'socket.io-client';
import { chatEvents, chatSocketRefusals, type ActiveSeller, type ChatMessage } from '@bazaar/shared';
import { TOKEN_KEY } from '../../api/client';

/** The one Socket.IO connection of the signed-in customer (same origin, token from localStorage). */
let socket: Socket | null = null;

export interface CustomerSocketHandlers {
  userInfo: { id: number; name: string; email: string | null };
  onSellerMessage(message: ChatMessage): void;
  onActiveSellers(sellers: ActiveSeller[]): void;
  /** The server refused the socket because too many are open (other tabs or devices); it does not retry. */
  onTooManyConnections(): void;
  /**
   * The server closed the socket, or refused its handshake: the session it was opened with ended (logout elsewhere, a
   * password change, an admin's block), possibly while the socket was still connecting. The socket does not retry;
   * the page finds out whether the stored session still stands.
   */
  onClosedByServer(): void;
}

export function connectCustomerSocket(handlers: CustomerSocketHandlers): () => void {
  socket?.disconnect();
  const current = io({
    path: '/socket.io',
    withCredentials: true,
    // WebSocket only: under start:cluster a polling session's requests could reach different processes.
    transports: ['websocket'],
    // Read on every (re)connect, so a refreshed token is used.
    auth: (send) => send({ token: localStorage.getItem(TOKEN_KEY) ?? '' }),
  });
  socket = current;
  current.on('connect', () => current.emit(chatEvents.addUser, handlers.userInfo.id, handlers.userInfo));
  current.on(chatEvents.sellerMessage, handlers.onSellerMessage);
  current.on(chatEvents.activeSeller, handlers.onActiveSellers);
  current.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') handlers.onClosedByServer();
  });
  current.on('connect_error', (error) => {
    if (error.message === chatSocketRefusals.tooManyConnections) handlers.onTooManyConnections();
    // A refused handshake is not retried by socket.io: without this a session that ended before the socket opened
    // went unnoticed until the page's next request.
    if (error.message === chatSocketRefusals.unauthorized) handlers.onClosedByServer();
  });
  return () => {
    current.disconnect();
    if (socket === current) socket = null;
  };
}

/** Spec: after a successful send the client echoes the last message; the server treats it as a no-op. */
export function echoSentMessage(message: ChatMessage): void {
  socket?.emit(chatEvents.sendCustomerMessage, message);
}
