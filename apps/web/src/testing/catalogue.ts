import {
  colourHex,
  sizeChartFor,
  type DeliveryEstimate,
  type ProductDetailsDto,
  type ProductDto,
  type VariantDto,
} from '@bazaar/shared';

/** The catalogue's answers the component tests build pages from: one silk kurta of Loom House, and its page. */

/** The kurta as a listing answers it, with `fields` changed. */
export function kurtaDto(fields: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: 11,
    slug: 'silk-kurta',
    name: 'Silk Kurta',
    brand: 'Loom',
    price: 1000,
    discount: 10,
    stock: 8,
    rating: 0,
    images: [],
    description: 'A kurta',
    category: 'Kurtas',
    categorySlug: 'kurtas',
    shopName: 'Loom House',
    sellerId: 1,
    createdAt: '2020-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** One size (or the default variant, `size` null) of the kurta, in navy blue. */
export const kurtaVariant = (_id: number, size: string | null, stock: number): VariantDto => ({
  _id,
  sku: `K-${size ?? 'default'}`,
  size,
  colour: 'Navy Blue',
  stock,
});

/** The kurta's page: these variants (with the apparel size chart when they have sizes) and a maroon sibling. */
export function kurtaDetails(variants: VariantDto[], fields: Partial<ProductDto> = {}): ProductDetailsDto {
  const sized = variants.some((entry) => entry.size !== null);
  return {
    ...kurtaDto({ stock: variants.reduce((sum, entry) => sum + entry.stock, 0), ...fields }),
    options: sized ? [{ name: 'Size', values: variants.map((entry) => entry.size ?? '') }] : [],
    variants,
    sizeChart: sized ? sizeChartFor('apparel') : null,
    siblings: [
      {
        _id: 11,
        slug: 'silk-kurta',
        colour: 'Navy Blue',
        colourHex: colourHex('Navy Blue'),
        image: '',
        current: true,
        stock: 1,
      },
      {
        _id: 12,
        slug: 'silk-kurta-maroon',
        colour: 'Maroon',
        colourHex: colourHex('Maroon'),
        image: '',
        current: false,
        stock: 4,
      },
    ],
  };
}

/** The seller of `productId` delivers to `pincode`: by Thu, 3 Dec, or by Mon, 30 Nov express. */
export const deliverableTo = (pincode: string, productId = 7): DeliveryEstimate => ({
  productId,
  pincode,
  deliverable: true,
  region: 'Karnataka',
  sameRegion: false,
  standard: { from: '2026-11-30', to: '2026-12-03' },
  express: { from: '2026-11-26', to: '2026-11-30' },
  message: 'Delivery by Thu, 3 Dec',
});
