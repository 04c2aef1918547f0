import { Link } from 'react-router-dom';
import { Eye, Heart, ShoppingBag, Star, Trash2 } from 'lucide-react';
import type { WishlistEntry } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { Price } from '../../components/ui/Price';
import { ProductGridSkeleton } from '../../components/ui/Skeleton';
import { EmptyState } from '../../components/ui/EmptyState';
import { ProductImage } from '../../components/product/ProductImage';
import { productPath } from '../../components/product/productRules';
import { useGetWishlistQuery, useRemoveFromWishlistMutation } from '../../api/cartApi';
import { useCartActions } from '../../components/product/useCartActions';

const action =
  'flex h-9 w-9 items-center justify-center rounded-full bg-white text-ink-900 shadow-card transition hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white disabled:hover:text-ink-900';

function WishlistCard({ entry }: { entry: WishlistEntry }) {
  // An entry is saved without a size (issue 15): for a product with sizes, the server asks for one and the shopper
  // is taken to the product page to choose it.
  const { addToCart } = useCartActions();
  const [removeFromWishlist] = useRemoveFromWishlistMutation();
  const soldOut = entry.stock <= 0;
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="wishlist-card">
      <div className="relative bg-canvas">
        <ProductImage
          src={entry.image}
          width={300}
          height={400}
          className={`aspect-[3/4] w-full object-cover ${soldOut ? 'opacity-60 grayscale' : ''}`}
        />
        {entry.discount !== 0 && (
          <span className="absolute left-2 top-2 rounded-pill bg-brand-600 px-2 py-0.5 text-[11px] font-bold text-white">
            {entry.discount}% OFF
          </span>
        )}
        {soldOut && (
          <span className="absolute inset-x-0 bottom-0 bg-ink-900/80 py-1 text-center text-xs font-semibold text-white">
            Out of stock
          </span>
        )}
        <div className="absolute right-2 top-2 flex flex-col gap-2">
          <button
            type="button"
            className={action}
            aria-label={`Add ${entry.name} to cart`}
            title="Add to cart"
            disabled={soldOut}
            onClick={() => addToCart(entry.productId, 1, { slug: entry.slug })}
          >
            <ShoppingBag size={16} aria-hidden="true" />
          </button>
          <Link
            to={productPath(entry.slug)}
            className={action}
            aria-label={`View ${entry.name}`}
            title="View product"
          >
            <Eye size={16} aria-hidden="true" />
          </Link>
          <button
            type="button"
            className={action}
            aria-label={`Remove ${entry.name} from wishlist`}
            title="Remove from wishlist"
            onClick={() => void removeFromWishlist(entry._id)}
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 font-sans text-sm font-medium leading-snug text-ink-900">
          <Link to={productPath(entry.slug)} className="hover:text-brand-600">
            {entry.name}
          </Link>
        </h2>
        <Price price={entry.price} discount={entry.discount} size="sm" />
        {entry.rating > 0 && (
          <span className="mt-auto inline-flex w-fit items-center gap-1 rounded bg-canvas px-1.5 py-0.5 text-xs font-semibold text-ink-900">
            {entry.rating.toFixed(1)}
            <Star size={11} className="text-rating" fill="currentColor" strokeWidth={0} aria-hidden="true" />
            <span className="sr-only">out of 5 stars</span>
          </span>
        )}
      </div>
    </li>
  );
}

/** Dashboard › My Wishlist: the saved products, each with add to cart, view and remove. */
export default function WishlistPage() {
  // The card store area holds the wishlist, fed by the wishlist query; opening the page reads it afresh.
  const { wishlist, wishlist_count, wishlistLoaded } = useAppSelector((state) => state.card);
  useGetWishlistQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <section aria-labelledby="wishlist-heading">
      <header className="flex items-baseline justify-between gap-3">
        <h1 id="wishlist-heading" className="text-xl font-bold text-ink-900 lg:text-2xl">
          My Wishlist
        </h1>
        {wishlistLoaded && wishlist.length > 0 && (
          <p className="text-sm text-ink-500">
            {wishlist_count} {wishlist_count === 1 ? 'item' : 'items'}
          </p>
        )}
      </header>
      <div className="mt-5">
        {!wishlistLoaded ? (
          <ProductGridSkeleton count={4} label="Loading your wishlist" />
        ) : wishlist.length === 0 ? (
          <EmptyState
            icon={Heart}
            title="No Items Found"
            description="Tap the heart on any product to save it here."
            action={
              <Link to="/shops" className="btn-primary">
                Browse products
              </Link>
            }
          />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
            {wishlist.map((entry) => (
              <WishlistCard key={entry._id} entry={entry} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
