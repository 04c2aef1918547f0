import type { Generated, GeneratedAlways } from 'kysely';

export interface SellerTable {
  id: Generated<number>;
  name: string;
  shop_name: string;
  email: string;
  password_hash: string | null;
  city: string;
  /** Where parcels are picked up (migration 015): a state's name and a six-digit pincode; null when not on file. */
  pickup_state: string | null;
  pickup_pincode: string | null;
  /** Bumped by a password change; console tokens carrying an older version are refused. */
  token_version: Generated<number>;
  created_at: string;
  /** The shop page's address, /shop/{slug} (migration 017; every seller has one). */
  slug: string | null;
  mobile: string | null;
  gstin: string | null;
  pan: string | null;
  /** Street part of the pickup address (city, state and pincode have their own columns). */
  pickup_address: string | null;
  /** A SELLER_STATUSES value: only an approved seller's products reach shoppers. */
  status: Generated<string>;
  /** Why the marketplace rejected or suspended the seller. */
  status_reason: string | null;
  approved_at: string | null;
  /** The marketplace's commission on this seller's sales, whole percent. */
  commission_percent: Generated<number>;
  /** 1 when the seller accepts cash on delivery (migration 022). */
  accepts_cod: Generated<number>;
}

/** Top-level groups (Mens, Women, …) have parent_id null; subcategories point at their group. */
export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  image: string;
  position: number;
  /** 1 when the admin hid it from shoppers (migration 021); a hidden group hides its subcategories too. */
  hidden: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  name: string;
  brand: string;
  /** Whole rupees. */
  price: number;
  /** Percent, 0–90. */
  discount: Generated<number>;
  stock: Generated<number>;
  /** 0–5 in half steps, recomputed from reviews. */
  rating: Generated<number>;
  review_count: Generated<number>;
  description: string;
  colour: string;
  category_id: number;
  seller_id: number;
  created_at: string;
  /** Subcategory and group names, indexed for search with the name and brand. */
  category_terms: Generated<string>;
  /** Selling price: price − floor(price × discount / 100), computed by the database. */
  sale_price: GeneratedAlways<number>;
  /** A key of SIZE_SYSTEMS (@bazaar/shared), or null: no sizes, a single default variant. */
  size_system: string | null;
  /** Products sharing a style code are the same style in other colours (colour swatches); `colour` is this one's. */
  style_code: string | null;
  /** A PRODUCT_STATUSES value, as the seller sets it (migration 017). */
  status: Generated<string>;
  /**
   * 1 when shoppers may see and buy the product: it is active and its seller approved. Every storefront read
   * filters on it; the seller center's writes keep it in step with `status` and the seller's status.
   */
  visible: Generated<number>;
  /**
   * The `size_bits` of the sizes the product has in stock, added up (migration 027): what the size filter and the
   * size facet read, kept by triggers on `product_variants` in the statement that changes a variant.
   */
  sizes_in_stock: Generated<number>;
}

/** Each size of the size runs with its own bit (a power of two) for `products.sizes_in_stock`. */
export interface SizeBitTable {
  id: Generated<number>;
  size: string;
  bit: number;
}

/**
 * One sellable size of a product, with its own SKU and stock. `size` is null for the single default variant of a
 * product without sizes. The product's `stock` is always the sum of its variants' (see `changeVariantStock`).
 */
export interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  size: string | null;
  /** Place in the size run (smallest first). */
  position: Generated<number>;
  /** Never negative. */
  stock: Generated<number>;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  url: string;
  /** Pixel size of the uploaded original (null for the seed's generated SVGs). */
  width: number | null;
  height: number | null;
}

export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  /** Null for reviews imported without an account. */
  customer_id: number | null;
  name: string;
  rating: number;
  review: string;
  /** 1 when the reviewer had a paid order containing the product (a "Verified buyer"); 0 for imported reviews. */
  verified_purchase: Generated<number>;
  created_at: string;
}

export interface BannerTable {
  id: Generated<number>;
  path: string;
  heading: string;
  description: string;
  button_text: string;
  link: string;
  position: number;
  /** 1 when the admin took it off the storefront (migration 021). */
  hidden: Generated<number>;
}

/**
 * SQLite only: the FTS5 index over products (rowid = products.id; `rank` is bm25 weighted towards the name).
 * PostgreSQL searches the `products.search_vector` column instead.
 */
export interface ProductSearchTable {
  rowid: number;
  rank: number;
  name: string;
  brand: string;
  category_terms: string;
}

/** The one row (id 1) counting catalogue changes made outside the servers (migration 035); none until the first. */
export interface OutsideCatalogueChangesTable {
  id: number;
  sequence: number;
  changed_at: string;
}

export interface CatalogTables {
  sellers: SellerTable;
  categories: CategoryTable;
  products: ProductTable;
  product_variants: ProductVariantTable;
  size_bits: SizeBitTable;
  product_images: ProductImageTable;
  reviews: ReviewTable;
  banners: BannerTable;
  products_fts: ProductSearchTable;
  outside_catalogue_changes: OutsideCatalogueChangesTable;
}
