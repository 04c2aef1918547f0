/** A grey pulsing block standing in for content that is still loading. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <div aria-hidden="true" className={`skeleton ${className}`} />;
}

/** A product-card shaped placeholder (image, two text lines, price). */
export function ProductCardSkeleton() {
  return (
    <div className="card overflow-hidden" aria-hidden="true">
      <div className="skeleton aspect-[3/4] rounded-none" />
      <div className="space-y-2 p-3">
        <div className="skeleton h-3 w-2/3" />
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-4 w-1/2" />
      </div>
    </div>
  );
}

/** A screen-reader announcement plus `count` card placeholders, for grids. */
export function ProductGridSkeleton({
  count = 8,
  label = 'Loading products',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: count }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
