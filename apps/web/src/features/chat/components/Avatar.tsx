/** Initials in a soft circle, with a green dot while the person is online. */
export function Avatar({
  name,
  online,
  size = 'md',
}: {
  name: string;
  online?: boolean;
  size?: 'sm' | 'md';
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const box = size === 'sm' ? 'h-9 w-9 text-xs' : 'h-11 w-11 text-sm';
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700 ${box}`}
    >
      <span aria-hidden="true">{initials || '?'}</span>
      {online !== undefined && (
        <span
          data-testid="online-dot"
          data-online={online}
          className={`absolute right-0 bottom-0 h-3 w-3 rounded-full border-2 border-white ${online ? 'bg-success' : 'bg-ink-300'}`}
        />
      )}
    </span>
  );
}
