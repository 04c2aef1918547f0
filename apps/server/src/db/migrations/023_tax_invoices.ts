import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 17, GST tax invoices: one tax invoice per seller part of an order, a credit note per refund, each from a
 * per-seller series, with the GST rate of every HSN code kept in `hsn_rates` (the admin may change them). An issued
 * document's seller details, lines, rates and amounts are stored, so a later change of rate or of the seller's
 * profile never rewrites it. Money on these tables is in paise.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await hsnRates(db, dialect);
  await documentSeries(db, dialect);
  await taxDocuments(db, dialect);
}

/**
 * GST rates in force since 22 September 2025 (Notification No. 9/2025-Central Tax (Rate) of 17 September 2025,
 * "GST 2.0"): apparel and made-up textiles (chapters 61, 62, 63) and footwear (6403) are 5 % up to a sale value of
 * ₹2,500 a piece or pair and 18 % above; imitation jewellery 3 %; hair oil and shampoo 5 %; bags, watches,
 * sunglasses, perfume, make-up and lamps 18 %; hats 5 %. One row per code that `orders/hsn.ts` gives a product.
 */
export const SEEDED_HSN_RATES: ReadonlyArray<
  readonly [
    code: string,
    description: string,
    rate: number,
    highRate: number | null,
    slabLimit: number | null,
  ]
> = [
  ['3303', 'Perfumes and toilet waters', 18, null, null],
  ['3304', 'Beauty, make-up and skin-care preparations', 18, null, null],
  ['3305', 'Hair preparations (shampoo, hair oil)', 5, null, null],
  ['4202', 'Bags, wallets and travel goods', 18, null, null],
  ['6109', 'T-shirts and vests, knitted', 5, 18, 2500],
  ['6110', 'Jerseys, pullovers and cardigans, knitted', 5, 18, 2500],
  ['6115', 'Socks and hosiery', 5, 18, 2500],
  ['6203', "Men's suits, jackets, trousers and shorts", 5, 18, 2500],
  ['6204', "Women's dresses, skirts and tops", 5, 18, 2500],
  ['6205', "Men's shirts", 5, 18, 2500],
  ['6209', "Babies' garments", 5, 18, 2500],
  ['6211', 'Ethnic wear: kurtas, sarees, lehengas', 5, 18, 2500],
  ['6212', 'Lingerie and innerwear', 5, 18, 2500],
  ['6217', 'Clothing accessories', 5, 18, 2500],
  ['6302', 'Bed, bath and table linen', 5, 18, 2500],
  ['6403', 'Footwear', 5, 18, 2500],
  ['6505', 'Hats and caps', 5, null, null],
  ['7117', 'Imitation jewellery', 3, null, null],
  ['9004', 'Sunglasses and goggles', 18, null, null],
  ['9102', 'Wrist watches', 18, null, null],
  ['9405', 'Lamps and home decor lighting', 18, null, null],
];

// Every table has an integer id (backups read tables in id order); the natural keys are unique indexes.
async function hsnRates(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('hsn_rates'), dialect)
    .addColumn('hsn_code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    // Whole percent, the GST charged (CGST + SGST together, or IGST).
    .addColumn('rate_percent', 'integer', (c) => c.notNull())
    // Apparel and footwear: above `slab_limit` rupees of taxable value a piece, `high_rate_percent` applies.
    .addColumn('high_rate_percent', 'integer')
    .addColumn('slab_limit', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('hsn_rates' as never)
    .values(
      SEEDED_HSN_RATES.map(([hsn_code, description, rate_percent, high_rate_percent, slab_limit]) => ({
        hsn_code,
        description,
        rate_percent,
        high_rate_percent,
        slab_limit,
        updated_at: now,
      })) as never,
    )
    .execute();
}

/**
 * The last number given in each seller's series of each kind and financial year. A number is taken by an upsert
 * in the transaction that writes the document, so a rolled-back document gives its number back (gap-free) and two
 * transactions never get the same one (the row is locked until the first commits).
 */
async function documentSeries(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('document_series'), dialect)
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    // 'invoice' | 'credit_note'
    .addColumn('kind', 'text', (c) => c.notNull())
    // e.g. '2026-27' (April to March)
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_series_key')
    .on('document_series')
    .columns(['seller_id', 'kind', 'financial_year'])
    .unique()
    .execute();
}

/** Taxable value, each tax and the GST-inclusive total, paise: of a document and of each of its lines. */
function withTaxAmounts<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('taxable_paise', 'integer', (c) => c.notNull())
    .addColumn('cgst_paise', 'integer', (c) => c.notNull())
    .addColumn('sgst_paise', 'integer', (c) => c.notNull())
    .addColumn('igst_paise', 'integer', (c) => c.notNull())
    .addColumn('total_paise', 'integer', (c) => c.notNull());
}

async function taxDocuments(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('tax_documents'), dialect)
    // 'invoice' | 'credit_note'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('customer_order_id', 'integer', (c) => c.notNull().references('customer_orders.id'))
    .addColumn('seller_order_id', 'integer', (c) => c.notNull().references('seller_orders.id'))
    // A credit note's refund and the invoice it corrects.
    .addColumn('refund_id', 'integer', (c) => c.references('refunds.id'))
    .addColumn('invoice_id', 'integer', (c) => c.references('tax_documents.id'))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    // The seller as it was when the document was issued.
    .addColumn('seller_legal_name', 'text', (c) => c.notNull())
    .addColumn('seller_trade_name', 'text', (c) => c.notNull())
    .addColumn('seller_gstin', 'text')
    .addColumn('seller_pan', 'text')
    .addColumn('seller_address', 'text', (c) => c.notNull())
    .addColumn('seller_state', 'text')
    // The shipping state; 'intra' (CGST + SGST) when it is the seller's state, else 'inter' (IGST).
    .addColumn('place_of_supply', 'text', (c) => c.notNull())
    .addColumn('supply_type', 'text', (c) => c.notNull())
    .$call(withTaxAmounts)
    .execute();
  // One invoice per seller part and one credit note per refund and part, however many requests race to issue it.
  await db.schema
    .createIndex('tax_documents_invoice_part_key')
    .on('tax_documents')
    .column('seller_order_id')
    .unique()
    .where(sql.ref('kind'), '=', 'invoice')
    .execute();
  await db.schema
    .createIndex('tax_documents_credit_note_key')
    .on('tax_documents')
    .columns(['refund_id', 'seller_order_id'])
    .unique()
    .where(sql.ref('kind'), '=', 'credit_note')
    .execute();
  await db.schema
    .createIndex('tax_documents_order_idx')
    .on('tax_documents')
    .columns(['customer_order_id', 'kind'])
    .execute();

  await withIdColumn(db.schema.createTable('tax_document_lines'), dialect)
    .addColumn('document_id', 'integer', (c) =>
      c.notNull().references('tax_documents.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Brand, size and colour, as the line's second row prints them.
    .addColumn('details', 'text')
    .addColumn('hsn_code', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // GST-inclusive MRP a piece and the discount on the line, paise.
    .addColumn('unit_price_paise', 'integer', (c) => c.notNull())
    .addColumn('discount_paise', 'integer', (c) => c.notNull())
    // The rate the line was taxed at, kept with it.
    .addColumn('rate_percent', 'integer', (c) => c.notNull())
    .$call(withTaxAmounts)
    .execute();
  await db.schema
    .createIndex('tax_document_lines_document_idx')
    .on('tax_document_lines')
    .columns(['document_id', 'position'])
    .execute();
}
