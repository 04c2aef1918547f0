/** The tabs that choose which state of a list a page shows (the current one selected), e.g. pending or refunded. */
export function StateTabs<T extends string>({
  label,
  states,
  labels,
  current,
  onSelect,
}: {
  label: string;
  states: readonly T[];
  labels: Record<T, string>;
  current: T;
  onSelect: (state: T) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto">
      {states.map((state) => (
        <button
          key={state}
          type="button"
          role="tab"
          aria-selected={state === current}
          className={`shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium ${
            state === current ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-white'
          }`}
          onClick={() => onSelect(state)}
        >
          {labels[state]}
        </button>
      ))}
    </div>
  );
}
