import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('messages'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id').onDelete('cascade'))
    .addColumn('sender_role', 'text', (c) => c.notNull().check(sql`sender_role in ('customer', 'seller')`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  // History of one conversation, newest first, paged by id.
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['customer_id', 'seller_id', 'id'])
    .execute();
  // Unread counts in the seller console.
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['seller_id', 'sender_role', 'read_at'])
    .execute();

  await withIdColumn(db.schema.createTable('conversations'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id').onDelete('cascade'))
    .addColumn('last_message_id', 'integer', (c) => c.notNull())
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conversations_pair_unique', ['customer_id', 'seller_id'])
    .execute();
  // Conversation lists of either side, ordered by the latest message.
  await db.schema
    .createIndex('conversations_customer_idx')
    .on('conversations')
    .columns(['customer_id', 'last_message_id'])
    .execute();
  await db.schema
    .createIndex('conversations_seller_idx')
    .on('conversations')
    .columns(['seller_id', 'last_message_id'])
    .execute();
}
