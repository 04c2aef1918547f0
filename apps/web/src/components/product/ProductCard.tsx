import { Link } from 'react-router-dom';
import { ShoppingBag, Star } from 'lucide-react';
import type { ProductDto } from '@bazaar/shared';
import { ProductImage } from './ProductImage';
import { isNewArrival, primaryImage, productPath } from './productRules';
import { PriceTag } from './PriceTag';
import { useCartActions } from './useCartActions';
import { WishlistHeart } from './WishlistHeart';
import { useHydrated } from '../../app/useHydrated';

export type CardLayout = 'grid' | 'list';

function StockLabel({ stock }: { stock: number }) {
  if (stock <= 0) return <span className="text-xs font-semibold text-danger">Out of stock</span>;
  return (
    <span className={`text-xs font-medium ${stock <= 5 ? 'text-warning' : 'text-ink-500'}`}>
      {stock} left
    </span>
  );
}

/**
 * The product card of every listing. `eager` is for cards in the first screenful; the rest load lazily.
 */
export function ProductCard({
  product,
  layout = 'grid',
  eager = false,
}: {
  product: ProductDto;
  layout?: CardLayout;
  eager?: boolean;
}) {
  const { addToCart, wishlistEntryOf, toggleWishlist } = useCartActions();
  const href = productPath(product.slug);
  const isList = layout === 'list';
  const soldOut = product.stock <= 0;
  // Depends on the clock, not only on the product: a page rendered on the server (and kept while its answers
  // last) may be adopted after a product stopped being new, so the badge comes once the app has taken over.
  const newBadge = useHydrated() && isNewArrival(product.createdAt);

  return (
    <article
      className={`group card flex h-full overflow-hidden transition hover:shadow-raised ${isList ? 'flex-row' : 'flex-col'}`}
      aria-label={product.name}
      data-rating={product.rating}
    >
      <div className={`relative shrink-0 ${isList ? 'w-32 sm:w-44' : 'w-full'}`}>
        <Link
          to={href}
          className="relative block h-full overflow-hidden bg-canvas"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ProductImage
            src={primaryImage(product)}
            width={300}
            height={400}
            eager={eager}
            // Two columns on phones, up to five on wide screens; a list row's picture is 8-11 rem.
            sizes={isList ? '11rem' : '(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw'}
            className="aspect-[3/4] h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
          {newBadge && (
            <span className="absolute left-2 top-2 rounded-pill bg-ink-900 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-white">
              New
            </span>
          )}
          {product.rating > 0 && (
            <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded bg-white/90 px-1.5 py-0.5 text-[11px] font-semibold text-ink-900 shadow-card">
              {product.rating.toFixed(1)}
              <Star
                size={10}
                className="text-rating"
                fill="currentColor"
                strokeWidth={0}
                aria-hidden="true"
              />
            </span>
          )}
        </Link>
        <WishlistHeart
          productName={product.name}
          saved={wishlistEntryOf(product._id) !== undefined}
          onToggle={() => toggleWishlist(product._id)}
          className="absolute right-2 top-2"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <p className="truncate text-xs font-semibold uppercase tracking-wide text-ink-500">{product.brand}</p>
        <h3 className="line-clamp-2 min-h-[2.5em] font-sans text-sm font-medium leading-snug text-ink-900">
          <Link to={href} className="hover:text-brand-600 focus-visible:text-brand-600">
            {product.name}
          </Link>
        </h3>
        {isList && <p className="line-clamp-2 text-sm text-ink-500">{product.description}</p>}
        <PriceTag price={product.price} discount={product.discount} size="sm" />
        <StockLabel stock={product.stock} />
        <button
          type="button"
          className="btn-outline mt-auto w-full !py-2 text-xs hover:!border-brand-600 hover:!bg-brand-600 hover:!text-white"
          onClick={() => addToCart(product._id, 1, { slug: product.slug })}
          disabled={soldOut}
          aria-label={`Add ${product.name} to cart`}
        >
          <ShoppingBag size={14} aria-hidden="true" /> Add to Cart
        </button>
      </div>
    </article>
  );
}

export function ProductCardSkeleton({ layout = 'grid' }: { layout?: CardLayout }) {
  const isList = layout === 'list';
  return (
    <div className={`card flex overflow-hidden ${isList ? 'flex-row' : 'flex-col'}`} aria-hidden="true">
      <div className={`skeleton aspect-[3/4] rounded-none ${isList ? 'w-32 sm:w-44' : 'w-full'}`} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="skeleton h-3 w-1/3" />
        <div className="skeleton h-4 w-5/6" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton mt-2 h-8 w-full" />
      </div>
    </div>
  );
}
