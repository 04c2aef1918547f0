import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  CSV_COLUMNS,
  fieldErrorsOf,
  IMPORT_MAX_ROWS,
  sellerProductInputSchema,
  type CsvColumn,
  type FieldError,
  type ImportError,
  type SellerProductData,
  type SellerProductInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import * as repo from './repository';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'clock'>;

/**
 * A spreadsheet runs a cell starting with `=`, `+`, `-`, `@` (or a tab / carriage return before one) as a formula
 * (CSV injection, OWASP): the export writes such text with a leading apostrophe, which spreadsheets show as text,
 * and the import takes that apostrophe off again so a round trip changes nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const restored = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** The seller's products as CSV, one row per variant, text cells safe to open in a spreadsheet. */
export async function exportCsv(ctx: Ctx, sellerId: number): Promise<string> {
  const rows = await repo.exportRows(ctx.db, sellerId);
  return stringify(
    rows.map((row) => ({
      product_key: String(row.id),
      name: neutralised(row.name),
      brand: neutralised(row.brand),
      category_id: row.category_id,
      description: neutralised(row.description),
      price: row.price,
      discount: row.discount,
      status: row.status,
      size: neutralised(row.size ?? ''),
      colour: neutralised(row.colour),
      sku: neutralised(row.sku),
      stock: row.stock,
    })),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

export type CsvRow = Record<CsvColumn, string> & { line: number };

/** An import checked row by row and ready to write: each product's rows, its body, the product it updates. */
export interface ImportPlan {
  rows: number;
  plans: { group: CsvRow[]; data: SellerProductData; target: number | undefined }[];
}

class ImportRefused extends HttpError {
  constructor(
    message: string,
    public readonly errors: ImportError[],
  ) {
    super(400, message, 'VALIDATION_FAILED');
  }
}
export { ImportRefused };

const fileError = (message: string) => new ImportRefused(message, [{ row: 0, field: 'file', message }]);

function parseRows(text: string): CsvRow[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      // One more than allowed, so "too many rows" is told apart from a file that just fits.
      to: IMPORT_MAX_ROWS + 1,
      max_record_size: 64 * 1024,
    }) as Record<string, string>[];
  } catch (error) {
    throw fileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length > IMPORT_MAX_ROWS)
    throw fileError(
      `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows: split it into smaller files`,
    );
  if (!records.length) throw fileError('The file has no product rows');
  const missing = CSV_COLUMNS.filter((column) => !(column in records[0]));
  if (missing.length) throw fileError(`The file has no ${missing.join(', ')} column`);
  // The header is line 1; csv-parse does not say where a record began, and quoted line breaks are rare enough in
  // a product sheet that counting records is the line a seller finds in a spreadsheet (its row number).
  return records.map((record, index) => {
    const row = { line: index + 2 } as CsvRow;
    for (const column of CSV_COLUMNS) row[column] = restored(record[column] ?? '');
    return row;
  });
}

/** The CSV column an input field comes from, for row errors. */
const COLUMN_OF: Record<string, CsvColumn> = {
  categoryId: 'category_id',
  name: 'name',
  brand: 'brand',
  description: 'description',
  price: 'price',
  discount: 'discount',
  status: 'status',
  size: 'size',
  colour: 'colour',
  sku: 'sku',
  stock: 'stock',
};

const PRODUCT_COLUMNS = [
  'name',
  'brand',
  'category_id',
  'description',
  'price',
  'discount',
  'status',
] as const;

/** A number cell: blank and non-numbers stay as they are, for the schema to name. */
const numberCell = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

/** A product's rows as the API's body; their own product columns must agree. */
function inputOf(rows: CsvRow[], errors: ImportError[]): SellerProductInput {
  const [first] = rows;
  for (const row of rows.slice(1))
    for (const column of PRODUCT_COLUMNS)
      if (row[column] !== '' && row[column] !== first[column])
        errors.push({
          row: row.line,
          field: column,
          message: `Rows of product ${first.product_key} disagree on ${column} (line ${first.line} says "${first[column]}")`,
        });
  return {
    name: first.name,
    brand: first.brand,
    categoryId: numberCell(first.category_id) as number,
    description: first.description,
    price: numberCell(first.price) as number,
    discount: (first.discount === '' ? 0 : numberCell(first.discount)) as number,
    status: (first.status || 'draft') as SellerProductInput['status'],
    variants: rows.map((row) => ({
      size: row.size === '' ? null : row.size,
      colour: row.colour || undefined,
      sku: row.sku || undefined,
      stock: numberCell(row.stock) as number,
    })),
  };
}

/** An input field's error (`variants.1.sku`, `price`) as the row and column of the CSV it came from. */
export function rowErrorOf(rows: CsvRow[], error: FieldError): ImportError {
  const [head, index, leaf] = error.field.split('.');
  if (head === 'variants' && index !== undefined && rows[Number(index)])
    return { row: rows[Number(index)].line, field: COLUMN_OF[leaf] ?? 'size', message: error.message };
  return { row: rows[0].line, field: COLUMN_OF[head] ?? head, message: error.message };
}

/**
 * Imports a CSV of products: rows with the same `product_key` are one product. A product whose key is the id of one
 * of the seller's products, or one of whose SKUs exists, is updated (its sizes not in the file stay as they are);
 * any other is created. Every row is checked first and everything is applied in one transaction: any error, and
 * nothing changes; the answer lists every row's errors.
 */
export async function planImport(ctx: Ctx, sellerId: number, text: string): Promise<ImportPlan> {
  const rows = parseRows(text);
  const errors: ImportError[] = [];
  const groups = new Map<string, CsvRow[]>();
  for (const row of rows) {
    if (!row.product_key) {
      errors.push({ row: row.line, field: 'product_key', message: 'Every row needs a product key' });
      continue;
    }
    groups.set(row.product_key, [...(groups.get(row.product_key) ?? []), row]);
  }
  const skuRows = new Map<string, CsvRow>();
  for (const row of rows) {
    if (!row.sku) continue;
    const other = skuRows.get(row.sku.toUpperCase());
    if (other)
      errors.push({ row: row.line, field: 'sku', message: `SKU ${row.sku} is also on line ${other.line}` });
    else skuRows.set(row.sku.toUpperCase(), row);
  }
  const owners = await repo.variantsBySku(ctx.db, [...skuRows.keys()]);
  const ownerOfSku = new Map(owners.map((owner) => [owner.sku.toUpperCase(), owner]));

  const plans = [...groups.values()].flatMap((group) => {
    const input = inputOf(group, errors);
    const parsed = sellerProductInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const error of fieldErrorsOf(parsed.error)) errors.push(rowErrorOf(group, error));
      return [];
    }
    const targets = new Set<number>();
    for (const row of group) {
      const owner = row.sku ? ownerOfSku.get(row.sku.toUpperCase()) : undefined;
      if (owner && owner.seller_id !== sellerId)
        errors.push({
          row: row.line,
          field: 'sku',
          message: `SKU ${row.sku} is already used by another seller`,
        });
      else if (owner) targets.add(owner.product_id);
    }
    const key = Number(group[0].product_key);
    if (Number.isInteger(key) && key > 0) targets.add(key);
    if (targets.size > 1)
      errors.push({
        row: group[0].line,
        field: 'product_key',
        message: 'These rows name more than one existing product: give each product its own key',
      });
    return [{ group, data: parsed.data, target: targets.size === 1 ? [...targets][0] : undefined }];
  });
  if (errors.length) throw refusal(errors);

  return { rows: rows.length, plans };
}

export function refusal(errors: ImportError[]): ImportRefused {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  return new ImportRefused(
    `Nothing was imported: ${sorted.length} ${sorted.length === 1 ? 'problem' : 'problems'} to fix (first on line ${sorted[0].row}: ${sorted[0].message})`,
    sorted,
  );
}
