import { z } from 'zod';
import { SELLER_STATUSES } from './sellerCenter';
import { emailSchema, idSchema } from './validation';
import { CHAT_MESSAGE_MAX_LENGTH } from './limits';

/** Plain text, trimmed, 1–2,000 characters. */
export const chatTextSchema = z
  .string({ error: 'text is required' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(CHAT_MESSAGE_MAX_LENGTH, `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);

/** The spec's payload sends sellerId '' when no seller is chosen; userId is ignored (the session says who). */
export const addCustomerFriendSchema = z.object({
  sellerId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    idSchema.optional(),
  ),
});
export type AddCustomerFriendInput = z.infer<typeof addCustomerFriendSchema>;

/** userId and name are ignored: the sender and their name come from the session. */
export const sendMessageToSellerSchema = z.object({
  sellerId: idSchema,
  text: chatTextSchema,
});
export type SendMessageToSellerInput = z.infer<typeof sendMessageToSellerSchema>;

export const sendMessageToCustomerSchema = z.object({
  customerId: idSchema,
  text: chatTextSchema,
});
export type SendMessageToCustomerInput = z.infer<typeof sendMessageToCustomerSchema>;

/** `before` is a message id: the page holds the messages just older than it. */
export const chatHistoryQuerySchema = z.object({
  before: idSchema.optional(),
});

export const sellerIdParamsSchema = z.object({ sellerId: idSchema });
export const customerIdParamsSchema = z.object({ customerId: idSchema });

export const sellerLoginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type SellerLoginInput = z.infer<typeof sellerLoginSchema>;

export type ChatRole = 'customer' | 'seller';

/** A seller as the customer's chat list shows them (spec §3: fdId, name). */
export const chatFriendSchema = z.object({
  fdId: z.number(),
  name: z.string(),
  image: z.string().optional(),
});
export type ChatFriend = z.infer<typeof chatFriendSchema>;

/** One chat message. `receverId` is spelt as the spec spells it; `senderRole` tells customer and seller ids apart. */
export const chatMessageSchema = z.object({
  _id: z.number(),
  senderId: z.number(),
  senderName: z.string(),
  senderRole: z.enum(['customer', 'seller']),
  receverId: z.number(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const addCustomerFriendResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  currentFd: z
    .union([chatFriendSchema, z.literal('')])
    .describe("'' when no seller is open, as the spec's payload has it"),
  myFriends: z.array(chatFriendSchema),
});
export type AddCustomerFriendResponse = z.infer<typeof addCustomerFriendResponseSchema>;

export const chatHistoryResponseSchema = z.object({ messages: z.array(chatMessageSchema) });
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;

export const sendMessageResponseSchema = z.object({ message: chatMessageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** A conversation in the seller console. */
export const sellerConversationSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  lastMessage: z.string(),
  lastSenderRole: z.enum(['customer', 'seller']),
  lastMessageAt: z.string(),
  unread: z.number(),
});
export type SellerConversation = z.infer<typeof sellerConversationSchema>;

export const sellerConversationsResponseSchema = z.object({ customers: z.array(sellerConversationSchema) });
export type SellerConversationsResponse = z.infer<typeof sellerConversationsResponseSchema>;

export const sellerProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  shopName: z.string(),
  email: z.string(),
  // Issue 16: where the shop stands with the marketplace, and its public page and commission rate.
  status: z.enum(SELLER_STATUSES),
  /** Why the marketplace rejected or suspended the shop; null otherwise. */
  statusReason: z.string().nullable(),
  slug: z.string(),
  commissionPercent: z.number(),
  /** Issue 19: whether the shop accepts cash on delivery. */
  acceptsCod: z.boolean(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export const sellerResponseSchema = z.object({ seller: sellerProfileSchema });
export type SellerResponse = z.infer<typeof sellerResponseSchema>;

export const sellerLoginResponseSchema = z.object({ message: z.string(), seller: sellerProfileSchema });
export type SellerLoginResponse = z.infer<typeof sellerLoginResponseSchema>;

/** Socket.IO event names shared by the server and both web clients. */
export const chatEvents = {
  /** client → server: announce the signed-in user (the payload's ids are ignored; the handshake decides). */
  addUser: 'add_user',
  /** client → server: the spec's echo of the last sent message; delivery already happened on the REST call. */
  sendCustomerMessage: 'send_customer_message',
  /** server → customer: a message from a seller. */
  sellerMessage: 'seller_message',
  /** server → customer: the sellers it has a conversation with who are online, as [{ sellerId }]. */
  activeSeller: 'activeSeller',
  /** server → seller: a message from a customer. */
  customerMessage: 'customer_message',
  /** server → seller: the customers who wrote to it who are online, as [{ customerId }]. */
  activeCustomer: 'activeCustomer',
} as const;

/** Why the server refused a chat socket: the message of the client's connect_error. */
export const chatSocketRefusals = {
  unauthorized: 'unauthorized',
  /** The person (or their IP) already has as many sockets open as the server allows. */
  tooManyConnections: 'too many connections',
  /** The client's IP started more handshakes than the server allows per minute. */
  tooManyAttempts: 'too many connection attempts',
} as const;

export interface ActiveSeller {
  sellerId: number;
}
export interface ActiveCustomer {
  customerId: number;
}
