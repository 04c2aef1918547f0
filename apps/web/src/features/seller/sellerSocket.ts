import { io } from 'socket.io-client';
import { chatEvents, chatSocketRefusals, type ActiveCustomer, type ChatMessage } from '@bazaar/shared';

/** The console's socket: same origin, authenticated by the httpOnly sellerToken cookie. */
export function connectSellerSocket(handlers: {
  onCustomerMessage(message: ChatMessage): void;
  onActiveCustomers(customers: ActiveCustomer[]): void;
  onUnauthorized(): void;
  /** The server refused the socket because too many are open (other tabs or devices); it does not retry. */
  onTooManyConnections(): void;
}): () => void {
  const socket = io({
    path: '/socket.io',
    withCredentials: true,
    auth: { role: 'seller' },
    // WebSocket only: under start:cluster a polling session's requests could reach different processes.
    transports: ['websocket'],
  });
  socket.on(chatEvents.customerMessage, handlers.onCustomerMessage);
  socket.on(chatEvents.activeCustomer, handlers.onActiveCustomers);
  socket.on('connect_error', (error) => {
    if (error.message === chatSocketRefusals.unauthorized) handlers.onUnauthorized();
    if (error.message === chatSocketRefusals.tooManyConnections) handlers.onTooManyConnections();
  });
  return () => socket.disconnect();
}
