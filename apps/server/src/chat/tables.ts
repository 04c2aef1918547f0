import type { Generated } from 'kysely';
import type { ChatRole } from '@bazaar/shared';

/** One row per (customer, seller) pair that has exchanged a message; it carries the latest message for list ordering. */
export interface ConversationTable {
  id: Generated<number>;
  customer_id: number;
  seller_id: number;
  /** Ids only grow, so ordering by it is ordering by the latest message, without timestamp ties. */
  last_message_id: number;
  last_message_at: string;
  created_at: string;
}

export interface MessageTable {
  id: Generated<number>;
  customer_id: number;
  seller_id: number;
  sender_role: ChatRole;
  message: string;
  created_at: string;
  /** When the recipient saw it; null while unread. */
  read_at: string | null;
}

/** Tables of the chat feature. */
export interface ChatTables {
  conversations: ConversationTable;
  messages: MessageTable;
}
