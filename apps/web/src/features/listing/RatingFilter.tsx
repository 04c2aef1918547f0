import { Stars } from '../../components/ui/Stars';

const RATINGS = [5, 4, 3, 2, 1] as const;

/** Minimum-rating filter: one of 5…1 stars, or none. */
export function RatingFilter({
  selected,
  onSelect,
}: {
  selected: number | '';
  onSelect: (rating: number | '') => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      {RATINGS.map((rating) => {
        const active = selected === rating;
        return (
          <button
            key={rating}
            type="button"
            aria-pressed={active}
            aria-label={rating === 5 ? '5 stars' : `${rating} stars and up`}
            onClick={() => onSelect(active ? '' : rating)}
            className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition ${
              active
                ? 'bg-brand-50 font-semibold text-brand-700 ring-1 ring-brand-200'
                : 'text-ink-700 hover:bg-canvas'
            }`}
          >
            <Stars rating={rating} size="sm" />
            <span aria-hidden="true">{rating === 5 ? '' : '& up'}</span>
          </button>
        );
      })}
      <button
        type="button"
        onClick={() => onSelect('')}
        disabled={selected === ''}
        className="mt-1 self-start px-2 text-sm font-semibold text-brand-600 hover:underline disabled:cursor-default disabled:text-ink-300 disabled:no-underline"
      >
        Clear rating
      </button>
    </div>
  );
}
