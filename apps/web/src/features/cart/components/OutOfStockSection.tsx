import { PackageX, Trash2 } from 'lucide-react';
import { variantLabel, type OutOfStockLine } from '@bazaar/shared';
import { Price } from '../../../components/ui/Price';
import { ProductImage } from '../../../components/product/ProductImage';
import { primaryImage } from '../../../components/product/productRules';

/** Lines whose product (or size) has sold out: shown apart, outside the totals, with one Delete for all of them. */
export function OutOfStockSection({
  lines,
  busy,
  onDelete,
}: {
  lines: OutOfStockLine[];
  busy: boolean;
  onDelete: () => void;
}) {
  return (
    <section
      aria-labelledby="out-of-stock-heading"
      className="card overflow-hidden"
      data-testid="out-of-stock"
    >
      <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2
          id="out-of-stock-heading"
          className="flex items-center gap-2 font-sans text-base font-semibold text-ink-900"
        >
          <PackageX size={18} className="text-danger" aria-hidden="true" />
          Out of Stock{' '}
          <span className="rounded-pill bg-brand-50 px-2 text-sm text-brand-700">{lines.length}</span>
        </h2>
        <button type="button" className="btn-outline px-3 py-1.5" onClick={onDelete} disabled={busy}>
          <Trash2 size={16} aria-hidden="true" />
          Delete
        </button>
      </header>
      <ul className="divide-y divide-line">
        {lines.map((line) => {
          const product = line.products[0];
          return (
            <li key={line._id} className="flex gap-3 p-4 opacity-70">
              <ProductImage
                src={primaryImage(product)}
                width={64}
                height={84}
                className="h-[84px] w-16 shrink-0 rounded-lg object-cover grayscale"
              />
              <div className="min-w-0">
                <p className="truncate text-xs font-semibold uppercase tracking-wide text-ink-500">
                  {product.brand}
                </p>
                <h3 className="truncate font-sans text-sm font-medium text-ink-900">{product.name}</h3>
                {line.variant && variantLabel(line.variant) && (
                  <p className="text-xs text-ink-700">{variantLabel(line.variant)}</p>
                )}
                <Price price={product.price} discount={product.discount} size="sm" className="mt-1" />
                <p className="mt-1 text-xs text-ink-500">
                  Qty {line.quantity} · <span className="font-semibold text-danger">Sold out</span>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
