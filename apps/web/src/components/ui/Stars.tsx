import { Star, StarHalf } from 'lucide-react';
import { ratingLabel, starFills } from './stars';

const sizes = { sm: 'h-3.5 w-3.5', md: 'h-4 w-4', lg: 'h-5 w-5' } as const;

/** Five stars with a half star at .5, announced as "Rated 4.5 out of 5". */
export function Stars({
  rating,
  size = 'md',
  className = '',
}: {
  rating: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const icon = sizes[size];
  return (
    <span
      role="img"
      aria-label={ratingLabel(rating)}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {starFills(rating).map((fill, i) => (
        <span key={i} className={`relative inline-block ${icon}`} aria-hidden="true">
          <Star
            className={`absolute inset-0 ${icon} ${fill === 'full' ? 'fill-amber-400 text-amber-400' : 'text-ink-300'}`}
          />
          {fill === 'half' && (
            <StarHalf className={`absolute inset-0 ${icon} fill-amber-400 text-amber-400`} />
          )}
        </span>
      ))}
    </span>
  );
}
