import { Price } from '../ui/Price';

/** The design-system price, or 'N/A' when a product has no price (spec §2 product card). */
export function PriceTag({
  price,
  discount,
  size = 'md',
}: {
  price: number | null | undefined;
  discount: number;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (price === null || price === undefined || Number.isNaN(price)) {
    return <span className="text-sm font-bold text-ink-900">N/A</span>;
  }
  return <Price price={price} discount={discount} size={size} />;
}
