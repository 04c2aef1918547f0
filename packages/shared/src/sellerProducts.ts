import { z } from 'zod';
import { PRODUCT_STATUSES, type ProductStatus } from './sellerCenter';
import { SIZE_SYSTEM_KEYS, SIZE_SYSTEMS, type SizeSystem } from './sizes';
import { idSchema, MAX_DB_INTEGER } from './validation';

/**
 * The seller center's catalogue (issue 16): a seller's own products, created and edited with their sizes, stock and
 * SKUs, listed with stock states, and exported / imported as CSV. The server checks every rule here again (and the
 * ones only it can: the category is a subcategory, a SKU is free across the marketplace).
 */

/** Whole rupees: an MRP below ₹1 or above ₹10 lakh is a typo, not a price. */
export const MIN_PRICE = 1;
export const MAX_PRICE = 1_000_000;
export const MAX_DISCOUNT = 90;
/** Units of one size a seller may hold in stock (a bigger number is a typo, and keeps sums far from overflow). */
export const MAX_VARIANT_STOCK = 99_999;
/**
 * "Low stock": the product still sells, but some size has this many units or fewer (a sold-out size counts). The
 * list's three stock filters are disjoint: in stock (every size above this), low, sold out (nothing left).
 */
export const LOW_STOCK_UNITS = 5;
export const SELLER_PRODUCTS_PER_PAGE = 20;
export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** The CSV import's guards: bigger files are refused before anything is parsed. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;

/** Letters, digits, dot, dash and underscore; starts with a letter or digit (never `=`, `+`, `-`, `@`). */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const sellerProductMessages = {
  notFound: 'Product not found',
  categoryNotSubcategory: 'Please choose a subcategory (for example Kurtas), not a whole group',
  categoryUnknown: 'This category does not exist',
  skuTaken: (sku: string) => `SKU ${sku} is already used by another product`,
  sizeMixed: 'All sizes must come from one size chart (for example XS–XXXL, or UK 5–12)',
  sizeDuplicate: (size: string) => `Size ${size} is listed twice`,
  sizeNullWithOthers: 'A product without sizes has exactly one stock row',
  colourMixed: 'A product has one colour: list another colour as a separate product',
  sizeWithHistory: (size: string) =>
    `Size ${size} has been ordered or is in a shopper's cart, so it cannot be removed: set its stock to 0 instead`,
  archivedWithOrders: 'This product has orders, so it was archived instead of deleted',
  deleted: 'Product deleted',
} as const;

/** The size system a list of sizes belongs to: null when there are no sizes, undefined when they mix systems. */
export function sizeSystemOf(sizes: readonly string[]): SizeSystem | null | undefined {
  if (!sizes.length) return null;
  return SIZE_SYSTEM_KEYS.find((system) =>
    sizes.every((size) => (SIZE_SYSTEMS[system].sizes as readonly string[]).includes(size)),
  );
}

/** Price after discount, whole rupees, as the storefront computes it (`sale_price`). */
/** A whole-number field: missing is "is required", anything but a number "must be a number". */
const numberField = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') });

export const sellingPriceOf = (price: number, discount: number) =>
  price - Math.floor((price * discount) / 100);

export const sellerVariantInputSchema = z.object({
  /** An existing variant being edited (optional: variants also match by size). */
  _id: idSchema.optional(),
  size: z.string().trim().min(1).max(20).nullable(),
  colour: z.string().trim().min(1).max(40).optional(),
  sku: z
    .string()
    .trim()
    .regex(SKU_PATTERN, 'must be letters, digits, dots, dashes or underscores (at most 64)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  stock: numberField()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(MAX_VARIANT_STOCK, `must be at most ${MAX_VARIANT_STOCK.toLocaleString('en-IN')}`),
});
export type SellerVariantInput = z.infer<typeof sellerVariantInputSchema>;

/** Body of POST and PUT /api/seller/products[/{id}]. */
export const sellerProductInputSchema = z
  .object({
    name: z.string().trim().min(3).max(150),
    brand: z.string().trim().min(1).max(60),
    categoryId: numberField()
      .int('is not valid')
      .positive('is not valid')
      .max(MAX_DB_INTEGER, 'is not valid'),
    description: z.string().trim().max(5000).default(''),
    price: numberField()
      .int('must be whole rupees')
      .min(MIN_PRICE, `must be at least ₹${MIN_PRICE}`)
      .max(MAX_PRICE, `must be at most ₹${MAX_PRICE.toLocaleString('en-IN')}`),
    discount: numberField()
      .int('must be a whole percent')
      .min(0, 'must not be negative')
      .max(MAX_DISCOUNT, `must be at most ${MAX_DISCOUNT}%`)
      .default(0),
    status: z.enum(PRODUCT_STATUSES).default('draft'),
    variants: z.array(sellerVariantInputSchema).min(1, 'Add at least one stock row').max(20),
  })
  .superRefine((product, issues) => {
    const sizes = product.variants.map((variant) => variant.size);
    if (sizes.includes(null) && sizes.length > 1)
      issues.addIssue({
        code: 'custom',
        path: ['variants'],
        message: sellerProductMessages.sizeNullWithOthers,
      });
    const named = sizes.filter((size): size is string => size !== null);
    const seen = new Set<string>();
    named.forEach((size, index) => {
      if (seen.has(size))
        issues.addIssue({
          code: 'custom',
          path: ['variants', index, 'size'],
          message: sellerProductMessages.sizeDuplicate(size),
        });
      seen.add(size);
    });
    if (sizeSystemOf(named) === undefined)
      issues.addIssue({ code: 'custom', path: ['variants'], message: sellerProductMessages.sizeMixed });
    const colours = new Set(product.variants.flatMap((variant) => variant.colour ?? []));
    if (colours.size > 1)
      issues.addIssue({ code: 'custom', path: ['variants'], message: sellerProductMessages.colourMixed });
    const skus = new Set<string>();
    product.variants.forEach((variant, index) => {
      if (!variant.sku) return;
      if (skus.has(variant.sku.toUpperCase()))
        issues.addIssue({
          code: 'custom',
          path: ['variants', index, 'sku'],
          message: `SKU ${variant.sku} is listed twice`,
        });
      skus.add(variant.sku.toUpperCase());
    });
  });
export type SellerProductInput = z.input<typeof sellerProductInputSchema>;
export type SellerProductData = z.output<typeof sellerProductInputSchema>;

export const sellerProductParamsSchema = z.object({ id: idSchema });

export const sellerProductListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  categoryId: idSchema.optional(),
  stock: z.enum(STOCK_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SellerProductListQuery = z.output<typeof sellerProductListQuerySchema>;
/** What the web app sends: every filter optional, all as the URL carries them. */
export type SellerProductListParams = Partial<SellerProductListQuery>;

export const sellerVariantDtoSchema = z.object({
  _id: z.number(),
  size: z.string().nullable(),
  colour: z.string(),
  sku: z.string(),
  stock: z.number(),
});
export type SellerVariantDto = z.infer<typeof sellerVariantDtoSchema>;

export const sellerProductDtoSchema = z
  .object({
    _id: z.number(),
    slug: z.string(),
    name: z.string(),
    brand: z.string(),
    categoryId: z.number(),
    category: z.string(),
    description: z.string(),
    price: z.number(),
    discount: z.number(),
    sellingPrice: z.number(),
    status: z.enum(PRODUCT_STATUSES),
    /** Whether shoppers see it now (active and the seller approved). */
    visible: z.boolean(),
    colour: z.string(),
    sizeSystem: z.string().nullable(),
    stock: z.number(),
    images: z.array(z.object({ _id: z.number(), url: z.string() })),
    variants: z.array(sellerVariantDtoSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'SellerProduct' });
export type SellerProductDto = z.infer<typeof sellerProductDtoSchema>;

export const sellerProductResponseSchema = z.object({ product: sellerProductDtoSchema });
export type SellerProductResponse = z.infer<typeof sellerProductResponseSchema>;

export const sellerProductRowSchema = z.object({
  _id: z.number(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  discount: z.number(),
  sellingPrice: z.number(),
  stock: z.number(),
  /** Some size is at or below LOW_STOCK_UNITS while the product still sells. */
  lowStock: z.boolean(),
  /**
   * Which sizes are low (at or below LOW_STOCK_UNITS, sold-out sizes included), so a product with plenty in stock
   * but one size running out says which; empty for a product without sizes.
   */
  lowSizes: z.array(z.object({ size: z.string(), stock: z.number() })),
  variantCount: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  visible: z.boolean(),
  createdAt: z.string(),
});
export type SellerProductRow = z.infer<typeof sellerProductRowSchema>;

export const sellerProductListResponseSchema = z.object({
  products: z.array(sellerProductRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SellerProductListResponse = z.infer<typeof sellerProductListResponseSchema>;

export const sellerProductDeleteResponseSchema = z.object({
  message: z.string(),
  /** 'archived' when the product had orders and was kept, archived, instead. */
  outcome: z.enum(['deleted', 'archived']),
  product: sellerProductDtoSchema.optional(),
});
export type SellerProductDeleteResponse = z.infer<typeof sellerProductDeleteResponseSchema>;

// ---- CSV ----------------------------------------------------------------------------------------------

/**
 * The CSV's columns, one row per variant. Rows with the same `product_key` are one product (an export writes the
 * product's id there; a new product may use any word); a row whose `sku` exists updates that variant's product.
 */
export const CSV_COLUMNS = [
  'product_key',
  'name',
  'brand',
  'category_id',
  'description',
  'price',
  'discount',
  'status',
  'size',
  'colour',
  'sku',
  'stock',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const importErrorSchema = z.object({
  /** The CSV's line number of the row (the header is line 1); 0 for a problem with the whole file. */
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResponseSchema = z.object({
  message: z.string(),
  created: z.number(),
  updated: z.number(),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

export const importFailureSchema = z.object({
  error: z.string(),
  code: z.literal('VALIDATION_FAILED'),
  errors: z.array(importErrorSchema),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const isProductStatus = (value: string): value is ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(value);
