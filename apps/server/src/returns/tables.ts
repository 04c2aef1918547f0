import type { Generated } from 'kysely';

/** A shopper's return of lines of one seller's part (issue 19). */
export interface ReturnTable {
  id: Generated<number>;
  customer_order_id: number;
  seller_order_id: number;
  customer_id: number;
  seller_id: number;
  /** A RETURN_STATES value. */
  state: Generated<string>;
  /** A RETURN_REASONS value. */
  reason: string;
  comment: string | null;
  /** The seller's reason for a rejection. */
  decision_reason: string | null;
  /** The refund owed once received. */
  refund_id: number | null;
  restocked_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Units of one order line in a return. */
export interface ReturnItemTable {
  id: Generated<number>;
  return_id: number;
  order_item_id: number;
  quantity: number;
}

/** A photo a shopper uploaded for a return: unsent (`return_id` null) until a return request names it. */
export interface ReturnPhotoTable {
  id: Generated<number>;
  customer_id: number;
  return_id: number | null;
  /** The random part of its storage keys (`r/<file_id>-<W>x<H>/<w>.<format>`). */
  file_id: string;
  /** The largest rendition's size. */
  width: number;
  height: number;
  created_at: string;
}

export interface ReturnTables {
  returns: ReturnTable;
  return_items: ReturnItemTable;
  return_photos: ReturnPhotoTable;
}
