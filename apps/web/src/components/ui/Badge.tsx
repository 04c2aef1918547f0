import type { ReactNode } from 'react';

const tones = {
  brand: 'bg-brand-600 text-white',
  success: 'bg-success text-white',
  warning: 'bg-warning text-white',
  danger: 'bg-danger text-white',
  neutral: 'bg-canvas text-ink-700 border border-line',
  dark: 'bg-ink-900 text-white',
} as const;

export type BadgeTone = keyof typeof tones;

/** A small pill label, e.g. "40% OFF" or "Default". */
export function Badge({
  tone = 'brand',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-pill px-2 py-0.5 text-[11px] font-semibold leading-4 ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

/** Counts above 99 read "99+" so the bubble keeps its size. */
export function badgeCountLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The number bubble on an icon (cart, wishlist). Always shown, 0 included, because the spec shows the cart count
 * as 0 for visitors. Screen readers get the count from the link's own label, so the bubble is hidden from them.
 */
export function CountBadge({ count, testId }: { count: number; testId?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className="absolute -top-1.5 -right-2 flex h-[18px] min-w-[18px] items-center justify-center rounded-pill bg-brand-600 px-1 text-[10px] font-bold leading-none text-white ring-2 ring-white"
    >
      {badgeCountLabel(count)}
    </span>
  );
}
