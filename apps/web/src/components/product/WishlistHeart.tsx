import { Heart } from 'lucide-react';

/**
 * The heart on a product card (issue 15, as Myntra shows one on every card): filled when the product is in the
 * shopper's wishlist. A toggle button: `aria-pressed` says whether the product is saved, and the name says what a
 * press does, with the product's name so a list of cards reads apart.
 */
export function WishlistHeart({
  productName,
  saved,
  onToggle,
  className = '',
}: {
  productName: string;
  saved: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${productName} from wishlist` : `Save ${productName} to wishlist`}
      title={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/95 shadow-card transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        saved ? 'text-brand-600' : 'text-ink-700 hover:text-brand-600'
      } ${className}`}
    >
      <Heart size={18} strokeWidth={2} aria-hidden="true" className={saved ? 'fill-current' : ''} />
    </button>
  );
}
