import { SIZE_SYSTEMS, type SizeSystem } from '@bazaar/shared/sizes';
import type { SellerProductInput, SellerVariantDto } from '@bazaar/shared';

/** One stock row of the editor, as typed: numbers stay text until the form is sent. */
export interface VariantRow {
  /** The saved variant this row edits (its id stays: carts and orders point at it). */
  _id?: number;
  /** Null: the one row of a product without sizes. */
  size: string | null;
  stock: string;
  sku: string;
}

export const singleRow = (row?: Partial<VariantRow>): VariantRow => ({
  size: null,
  stock: '',
  sku: '',
  ...row,
});

/** A saved product's variants as rows. */
export const rowsOf = (variants: readonly SellerVariantDto[]): VariantRow[] =>
  variants.map((variant) => ({
    _id: variant._id,
    size: variant.size,
    stock: String(variant.stock),
    sku: variant.sku,
  }));

/** The rows in the size run's order, so the form reads S, M, L whatever order they were picked in. */
function inRunOrder(system: SizeSystem, rows: VariantRow[]): VariantRow[] {
  const run = SIZE_SYSTEMS[system].sizes as readonly string[];
  return [...rows].sort((a, b) => run.indexOf(a.size ?? '') - run.indexOf(b.size ?? ''));
}

/**
 * Switching the size chart: sizes of the new chart that were already rows keep their stock and SKU; the rest go.
 * Choosing no sizes keeps one row (the first, carrying its stock) as the single stock.
 */
export function switchSystem(rows: VariantRow[], system: SizeSystem | null): VariantRow[] {
  if (system === null) {
    const single = rows.find((row) => row.size === null) ?? rows[0];
    return [
      singleRow(
        single && {
          _id: single.size === null ? single._id : undefined,
          stock: single.stock,
          sku: single.sku,
        },
      ),
    ];
  }
  const run = SIZE_SYSTEMS[system].sizes as readonly string[];
  return rows.filter((row) => row.size !== null && run.includes(row.size));
}

/** Adds the size as a row (empty stock) or removes its row. */
export function toggleSize(rows: VariantRow[], system: SizeSystem, size: string): VariantRow[] {
  if (rows.some((row) => row.size === size)) return rows.filter((row) => row.size !== size);
  return inRunOrder(system, [...rows, { size, stock: '', sku: '' }]);
}

export function updateRow(rows: VariantRow[], index: number, change: Partial<VariantRow>): VariantRow[] {
  return rows.map((row, at) => (at === index ? { ...row, ...change } : row));
}

/** The body's variants: a blank stock is 0 units, a blank SKU is left for the server to make. */
export function toVariantsInput(rows: VariantRow[]): SellerProductInput['variants'] {
  return rows.map((row) => ({
    ...(row._id !== undefined && { _id: row._id }),
    size: row.size,
    stock: row.stock.trim() === '' ? 0 : Number(row.stock),
    ...(row.sku.trim() && { sku: row.sku.trim() }),
  }));
}

/** Units over every row that holds a number. */
export const totalStock = (rows: VariantRow[]) =>
  rows.reduce((sum, row) => sum + (Number.isFinite(Number(row.stock)) ? Number(row.stock) : 0), 0);
