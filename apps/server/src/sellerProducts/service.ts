import {
  SELLER_PRODUCTS_PER_PAGE,
  sellerProductMessages as messages,
  sellingPriceOf,
  type SellerProductDto,
  type SellerProductListQuery,
  type SellerProductListResponse,
} from '@bazaar/shared';
import type { ProductStatus } from '@bazaar/shared/sellerCenter';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import * as repo from './repository';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'clock'>;
type Executor = AppContext['db'];

export async function listSellerProducts(
  ctx: Ctx,
  sellerId: number,
  query: SellerProductListQuery,
): Promise<SellerProductListResponse> {
  const { page, ...filter } = query;
  const pageSize = SELLER_PRODUCTS_PER_PAGE;
  const { rows, total } = await repo.findSellerProducts(
    ctx,
    { ...filter, sellerId },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  const lowSizes = await repo.lowSizesOf(
    ctx.db,
    rows.filter((row) => row.stock > 0 && Number(row.low)).map((row) => row.id),
  );
  return {
    products: rows.map((row) => ({
      _id: row.id,
      slug: row.slug,
      name: row.name,
      brand: row.brand,
      category: row.category,
      image: row.image ?? null,
      price: row.price,
      discount: row.discount,
      sellingPrice: sellingPriceOf(row.price, row.discount),
      stock: row.stock,
      lowStock: row.stock > 0 && Boolean(Number(row.low)),
      lowSizes: lowSizes
        .filter((variant) => variant.product_id === row.id)
        .map((variant) => ({ size: variant.size!, stock: variant.stock })),
      variantCount: Number(row.variant_count ?? 0),
      status: row.status as ProductStatus,
      visible: row.visible === 1,
      createdAt: row.created_at,
    })),
    total,
    page,
    pageSize,
  };
}

/** The product as the editor shows it; 404 when it is not this seller's (another seller's looks like none). */
export async function sellerProductDto(
  db: Executor,
  sellerId: number,
  productId: number,
): Promise<SellerProductDto> {
  const product = await repo.sellerProduct(db, sellerId, productId);
  if (!product) throw notFound(messages.notFound);
  const [variants, images] = await Promise.all([
    repo.variantsOf(db, productId),
    repo.imagesOf(db, productId),
  ]);
  return {
    _id: product.id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    categoryId: product.category_id,
    category: product.category,
    description: product.description,
    price: product.price,
    discount: product.discount,
    sellingPrice: sellingPriceOf(product.price, product.discount),
    status: product.status as ProductStatus,
    visible: product.visible === 1,
    colour: product.colour,
    sizeSystem: product.size_system,
    stock: product.stock,
    images: images.map((image) => ({ _id: image.id, url: image.url })),
    variants: variants.map((variant) => ({
      _id: variant.id,
      size: variant.size,
      colour: product.colour,
      sku: variant.sku,
      stock: variant.stock,
    })),
    createdAt: product.created_at,
  };
}
