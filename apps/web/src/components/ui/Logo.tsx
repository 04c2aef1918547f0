import { Link } from 'react-router-dom';

/** The Bazaar mark: a shopping bag on the brand colour, drawn inline so it never needs a network request. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" className="fill-brand-600" />
      <path d="M20 24h24l-3 26H23z" fill="#fff" />
      <path d="M26 24a6 6 0 0 1 12 0" stroke="#fff" strokeWidth="4" fill="none" />
    </svg>
  );
}

/** Logo linking home; `tone` switches the wordmark for dark backgrounds. */
export function Logo({ tone = 'dark', onClick }: { tone?: 'dark' | 'light'; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="inline-flex shrink-0 items-center gap-2"
      aria-label="Bazaar home"
    >
      <LogoMark />
      <span
        className={`font-display text-xl font-bold tracking-tight ${tone === 'light' ? 'text-white' : 'text-ink-900'}`}
      >
        Bazaar
      </span>
    </Link>
  );
}
