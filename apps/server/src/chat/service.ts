import type {
  AddCustomerFriendResponse,
  ChatFriend,
  ChatMessage,
  ChatRole,
  SellerConversation,
  SellerProfile,
} from '@bazaar/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { SessionUser } from '../auth/session';
import { nowIso } from '../db/database';
import { notFound } from '../http/errors';
import * as repo from './repository';
import type { MessageTable } from './tables';

/** Where a stored message goes live: the realtime server implements it (across processes with Redis). */
export interface ChatDelivery {
  toSeller(sellerId: number, message: ChatMessage): void;
  toCustomer(customerId: number, message: ChatMessage): void;
  /** A customer and a seller have just started talking: each may now see whether the other is online. */
  conversationStarted(customerId: number, sellerId: number): void;
}

/** Ids per query when looking up conversations of many people at once (well under either database's limit). */
const IDS_PER_QUERY = 500;

/** For each person given on one side, the ids of the people on the other side they have a conversation with. */
export async function counterparts(
  ctx: AppContext,
  side: ChatRole,
  ids: number[],
): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const pairs = await repo.conversationPairs(ctx.db, side, ids.slice(start, start + IDS_PER_QUERY));
    for (const pair of pairs) {
      const [own, other] =
        side === 'customer' ? [pair.customer_id, pair.seller_id] : [pair.seller_id, pair.customer_id];
      found.get(own)?.push(other);
    }
  }
  return found;
}

interface Participants {
  customerId: number;
  customerName: string;
  sellerId: number;
  shopName: string;
}

type MessageRow = Pick<Selectable<MessageTable>, 'id' | 'sender_role' | 'message' | 'created_at'>;

function toChatMessage(row: MessageRow, people: Participants): ChatMessage {
  const fromCustomer = row.sender_role === 'customer';
  return {
    _id: row.id,
    senderId: fromCustomer ? people.customerId : people.sellerId,
    senderName: fromCustomer ? people.customerName : people.shopName,
    senderRole: row.sender_role,
    receverId: fromCustomer ? people.sellerId : people.customerId,
    message: row.message,
    createdAt: row.created_at,
  };
}

/** A page of history, oldest first, as the message pane shows it. */
async function history(ctx: AppContext, people: Participants, before?: number): Promise<ChatMessage[]> {
  const rows = await repo.pageOfMessages(ctx.db, people.customerId, people.sellerId, before);
  return rows.reverse().map((row) => toChatMessage(row, people));
}

async function shopOrNotFound(ctx: AppContext, sellerId: number) {
  const shop = await repo.findShop(ctx.db, sellerId);
  if (!shop) throw notFound('Seller not found');
  return shop;
}

async function customerParticipants(
  ctx: AppContext,
  customer: SessionUser,
  sellerId: number,
): Promise<Participants> {
  const shop = await shopOrNotFound(ctx, sellerId);
  return {
    customerId: customer.id,
    customerName: customer.name,
    sellerId: shop.id,
    shopName: shop.shop_name,
  };
}

/** A seller may only reach customers who have written to them; anything else looks like nothing is there. */
async function sellerParticipants(
  ctx: AppContext,
  seller: SellerProfile,
  customerId: number,
): Promise<Participants> {
  const customer = await repo.findCustomerName(ctx.db, customerId);
  if (!customer || !(await repo.conversationExists(ctx.db, customerId, seller.id))) {
    throw notFound('Conversation not found');
  }
  return {
    customerId: customer.id,
    customerName: customer.name,
    sellerId: seller.id,
    shopName: seller.shopName,
  };
}

/**
 * Opens the chat screen: the friend list (sellers talked to, latest first, plus the opened one on top if new)
 * and, when a seller is chosen, that conversation's latest page, whose seller messages now count as read.
 */
export async function openCustomerChat(
  ctx: AppContext,
  customer: SessionUser,
  sellerId: number | undefined,
): Promise<AddCustomerFriendResponse> {
  const people = sellerId === undefined ? null : await customerParticipants(ctx, customer, sellerId);
  const friends: ChatFriend[] = (await repo.customerConversations(ctx.db, customer.id)).map((s) => ({
    fdId: s.id,
    name: s.shop_name,
  }));
  if (!people) return { messages: [], currentFd: '', myFriends: friends };

  const currentFd: ChatFriend = { fdId: people.sellerId, name: people.shopName };
  const myFriends = friends.some((f) => f.fdId === currentFd.fdId) ? friends : [currentFd, ...friends];
  const messages = await history(ctx, people);
  await repo.markRead(ctx.db, customer.id, people.sellerId, 'customer', nowIso());
  return { messages, currentFd, myFriends };
}

export async function customerHistory(
  ctx: AppContext,
  customer: SessionUser,
  sellerId: number,
  before?: number,
) {
  return history(ctx, await customerParticipants(ctx, customer, sellerId), before);
}

async function store(
  ctx: AppContext,
  people: Participants,
  senderRole: ChatRole,
  text: string,
): Promise<ChatMessage> {
  const row = await repo.insertMessage(ctx.db, {
    customer_id: people.customerId,
    seller_id: people.sellerId,
    sender_role: senderRole,
    message: text,
    created_at: nowIso(),
  });
  return toChatMessage(row, people);
}

/** Stores the customer's message and delivers it live to every console the seller has open. */
export async function sendFromCustomer(
  ctx: AppContext,
  delivery: ChatDelivery,
  customer: SessionUser,
  input: { sellerId: number; text: string },
): Promise<ChatMessage> {
  const people = await customerParticipants(ctx, customer, input.sellerId);
  const isFirst = !(await repo.conversationExists(ctx.db, people.customerId, people.sellerId));
  const message = await store(ctx, people, 'customer', input.text);
  delivery.toSeller(people.sellerId, message);
  if (isFirst) delivery.conversationStarted(people.customerId, people.sellerId);
  return message;
}

export async function listSellerConversations(
  ctx: AppContext,
  seller: SellerProfile,
): Promise<SellerConversation[]> {
  const rows = await repo.sellerConversations(ctx.db, seller.id);
  return rows.map((row) => ({
    customerId: row.customer_id,
    name: row.name,
    lastMessage: row.message,
    lastSenderRole: row.sender_role,
    lastMessageAt: row.created_at,
    unread: Number(row.unread ?? 0),
  }));
}

/** A page of one conversation for the seller; reading it marks the customer's messages read. */
export async function sellerHistory(
  ctx: AppContext,
  seller: SellerProfile,
  customerId: number,
  before?: number,
) {
  const people = await sellerParticipants(ctx, seller, customerId);
  const messages = await history(ctx, people, before);
  if (before === undefined) await repo.markRead(ctx.db, customerId, seller.id, 'seller', nowIso());
  return messages;
}

/** The console saw messages arrive live in the open conversation. */
export async function markReadBySeller(
  ctx: AppContext,
  seller: SellerProfile,
  customerId: number,
): Promise<void> {
  const people = await sellerParticipants(ctx, seller, customerId);
  await repo.markRead(ctx.db, people.customerId, seller.id, 'seller', nowIso());
}

/** Stores the seller's reply and delivers it live to the customer (spec event seller_message). */
export async function sendFromSeller(
  ctx: AppContext,
  delivery: ChatDelivery,
  seller: SellerProfile,
  input: { customerId: number; text: string },
): Promise<ChatMessage> {
  const people = await sellerParticipants(ctx, seller, input.customerId);
  const message = await store(ctx, people, 'seller', input.text);
  // Replying means the seller has read the conversation.
  await repo.markRead(ctx.db, people.customerId, seller.id, 'seller', message.createdAt);
  delivery.toCustomer(people.customerId, message);
  return message;
}
