import type { Insertable } from 'kysely';
import { CHAT_PAGE_SIZE, type ChatRole } from '@bazaar/shared';
import type { DB } from '../db/database';
import type { MessageTable } from './tables';

/** All SQL of the chat feature. */

export function findShop(db: DB, sellerId: number) {
  return db.selectFrom('sellers').select(['id', 'shop_name']).where('id', '=', sellerId).executeTakeFirst();
}

export function findCustomerName(db: DB, customerId: number) {
  return db.selectFrom('customers').select(['id', 'name']).where('id', '=', customerId).executeTakeFirst();
}

export function conversationExists(db: DB, customerId: number, sellerId: number) {
  return db
    .selectFrom('conversations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst()
    .then(Boolean);
}

/** A message as it is sent (unread until its recipient sees it). */
export type NewMessage = Omit<Insertable<MessageTable>, 'id' | 'read_at'>;

/** Every (customer, seller) pair with a conversation on the given side: the people each one talks to. */
export function conversationPairs(db: DB, side: ChatRole, ids: number[]) {
  return db
    .selectFrom('conversations')
    .select(['customer_id', 'seller_id'])
    .where(side === 'customer' ? 'customer_id' : 'seller_id', 'in', ids)
    .execute();
}

/** Stores the message and moves its conversation to the top of both sides' lists, atomically. */
export function insertMessage(db: DB, message: NewMessage) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('messages')
      .values({ ...message, read_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('conversations')
      .values({
        customer_id: row.customer_id,
        seller_id: row.seller_id,
        last_message_id: row.id,
        last_message_at: row.created_at,
        created_at: row.created_at,
      })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'seller_id'])
          .doUpdateSet({ last_message_id: row.id, last_message_at: row.created_at }),
      )
      .execute();
    return row;
  });
}

/** One page of a conversation, newest first: the latest messages, or those just older than `beforeId`. */
export function pageOfMessages(db: DB, customerId: number, sellerId: number, beforeId?: number) {
  let query = db
    .selectFrom('messages')
    .select(['id', 'customer_id', 'seller_id', 'sender_role', 'message', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('seller_id', '=', sellerId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(CHAT_PAGE_SIZE).execute();
}

/** Marks as read what the other side sent in this conversation. */
export async function markRead(
  db: DB,
  customerId: number,
  sellerId: number,
  reader: ChatRole,
  readAt: string,
) {
  await db
    .updateTable('messages')
    .set({ read_at: readAt })
    .where('customer_id', '=', customerId)
    .where('seller_id', '=', sellerId)
    .where('sender_role', '=', reader === 'customer' ? 'seller' : 'customer')
    .where('read_at', 'is', null)
    .execute();
}

/** The sellers a customer has talked to, latest conversation first. */
export function customerConversations(db: DB, customerId: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('sellers as s', 's.id', 'c.seller_id')
    .select(['s.id', 's.shop_name'])
    .where('c.customer_id', '=', customerId)
    .orderBy('c.last_message_id', 'desc')
    .execute();
}

const SELLER_LIST_LIMIT = 500;

/** A seller's conversations with the customer's name, the last message and how many customer messages are unread. */
export function sellerConversations(db: DB, sellerId: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .innerJoin('messages as m', 'm.id', 'c.last_message_id')
    .select(['c.customer_id', 'cu.name', 'm.message', 'm.sender_role', 'm.created_at'])
    .select((eb) =>
      eb
        .selectFrom('messages as u')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('u.customer_id', '=', 'c.customer_id')
        .whereRef('u.seller_id', '=', 'c.seller_id')
        .where('u.sender_role', '=', 'customer')
        .where('u.read_at', 'is', null)
        .as('unread'),
    )
    .where('c.seller_id', '=', sellerId)
    .orderBy('c.last_message_id', 'desc')
    .limit(SELLER_LIST_LIMIT)
    .execute();
}
