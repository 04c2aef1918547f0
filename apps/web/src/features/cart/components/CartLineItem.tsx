import { Link } from 'react-router-dom';
import { Trash2 } from 'lucide-react';
import { formatRupees, lineTotal, MAX_UNITS_PER_PRODUCT, type CartLine } from '@bazaar/shared';
import { lineName, lineStock } from '../cartLines';
import { LineSizeSelect } from './LineSizeSelect';
import { Price } from '../../../components/ui/Price';
import { ProductImage } from '../../../components/product/ProductImage';
import { primaryImage, productPath } from '../../../components/product/productRules';
import { QuantityStepper } from './QuantityStepper';

/**
 * One in-stock cart line: picture, name, brand, its size (changeable) and colour, price with discount, quantity
 * stepper, line total and remove.
 */
export function CartLineItem({
  line,
  busy,
  onIncrease,
  onDecrease,
  onRemove,
  onChangeSize,
}: {
  line: CartLine;
  busy: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
  onChangeSize?: (variantId: number) => void;
}) {
  const { productInfo: product, quantity, variant } = line;
  const href = productPath(product.slug);
  const stock = lineStock(line);
  const name = lineName(line);
  const aboveStock = quantity > stock;
  const aboveCap = quantity > MAX_UNITS_PER_PRODUCT;
  return (
    <li className="flex gap-3 p-4 sm:gap-4" data-testid="cart-line">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0 overflow-hidden rounded-lg bg-canvas"
      >
        <ProductImage
          src={primaryImage(product)}
          width={96}
          height={128}
          className="h-[112px] w-[84px] object-cover sm:h-32 sm:w-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate text-xs font-semibold uppercase tracking-wide text-ink-500">
              {product.brand}
            </p>
            <h3 className="mt-0.5 line-clamp-2 font-sans text-sm font-medium leading-snug text-ink-900">
              <Link to={href} className="hover:text-brand-600">
                {product.name}
              </Link>
            </h3>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            aria-label={`Remove ${name} from cart`}
            className="-mr-1 -mt-1 shrink-0 rounded-lg p-2 text-ink-500 transition hover:bg-brand-50 hover:text-brand-600 disabled:opacity-50"
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
        {variant && (variant.size !== null || variant.colour) && (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-700">
            {variant.size !== null && onChangeSize ? (
              <LineSizeSelect
                slug={product.slug}
                productName={product.name}
                variantId={variant._id}
                size={variant.size}
                busy={busy}
                onChange={onChangeSize}
              />
            ) : (
              variant.size !== null && <span className="font-semibold">Size {variant.size}</span>
            )}
            {variant.colour && <span>{variant.colour}</span>}
          </div>
        )}
        <Price price={product.price} discount={product.discount} size="sm" className="mt-1.5" />
        {aboveStock && (
          <p className="mt-1 text-xs font-semibold text-warning" role="note">
            Only {stock} left: please lower the quantity
          </p>
        )}
        {!aboveStock && aboveCap && (
          <p className="mt-1 text-xs font-semibold text-warning" role="note">
            At most {MAX_UNITS_PER_PRODUCT} per order: please lower the quantity
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-3 pt-3">
          <QuantityStepper
            quantity={quantity}
            label={`Quantity of ${name}`}
            busy={busy}
            onIncrease={onIncrease}
            onDecrease={onDecrease}
          />
          <p className="text-right">
            <span className="sr-only">Line total </span>
            <span className="text-sm font-bold text-ink-900" data-testid="line-total">
              {formatRupees(lineTotal({ ...product, quantity }))}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
