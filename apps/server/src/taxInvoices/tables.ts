import type { Generated } from 'kysely';

/** The GST rate of one HSN code (migration 023); apparel and footwear change rate above a value a piece. */
export interface HsnRateTable {
  id: Generated<number>;
  hsn_code: string;
  description: string;
  /** Whole percent. */
  rate_percent: number;
  /** The rate above `slab_limit` rupees of taxable value a piece; both null for a flat rate. */
  high_rate_percent: number | null;
  slab_limit: number | null;
  updated_at: string;
}

/** The last number given in a seller's series of one kind and financial year. */
export interface DocumentSeriesTable {
  id: Generated<number>;
  seller_id: number;
  kind: string;
  financial_year: string;
  last_number: number;
}

/** An issued tax invoice (one per seller part) or credit note (one per refund and part); money in paise. */
export interface TaxDocumentTable {
  id: Generated<number>;
  /** 'invoice' | 'credit_note' */
  kind: string;
  number: string;
  seller_id: number;
  customer_order_id: number;
  seller_order_id: number;
  refund_id: number | null;
  /** The invoice a credit note corrects. */
  invoice_id: number | null;
  financial_year: string;
  issued_at: string;
  seller_legal_name: string;
  seller_trade_name: string;
  seller_gstin: string | null;
  seller_pan: string | null;
  seller_address: string;
  seller_state: string | null;
  place_of_supply: string;
  /** 'intra' (CGST + SGST) | 'inter' (IGST) */
  supply_type: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** One line of an issued document, with the rate it was taxed at. */
export interface TaxDocumentLineTable {
  id: Generated<number>;
  document_id: number;
  position: number;
  description: string;
  details: string | null;
  hsn_code: string;
  quantity: number;
  unit_price_paise: number;
  discount_paise: number;
  taxable_paise: number;
  rate_percent: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** Tables of the tax invoices feature. */
export interface TaxInvoiceTables {
  hsn_rates: HsnRateTable;
  document_series: DocumentSeriesTable;
  tax_documents: TaxDocumentTable;
  tax_document_lines: TaxDocumentLineTable;
}
