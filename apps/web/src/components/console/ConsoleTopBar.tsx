import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { Skeleton } from '../ui/Skeleton';

/**
 * The top bar of the work consoles (seller center, admin): the shop's name with the console's label, linking to
 * the console's home, then who is signed in (`account`, a skeleton while unknown) and Sign out.
 */
export function ConsoleTopBar({
  home,
  label,
  account,
  onSignOut,
  signingOut,
}: {
  home: string;
  label: string;
  /** The signed-in account's name and a badge beside it; undefined while loading. */
  account?: { name: string; badge: ReactNode };
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <div className="container-page flex h-14 items-center justify-between gap-3">
      <NavLink to={home} end className="flex shrink-0 items-center gap-2">
        <span className="font-display text-xl font-bold text-brand-600">Bazaar</span>
        <span className="rounded-full bg-ink-900 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">
          {label}
        </span>
      </NavLink>
      <div className="flex min-w-0 items-center gap-2 sm:gap-3">
        {account ? (
          <>
            <span className="hidden truncate text-sm font-semibold text-ink-900 sm:inline">
              {account.name}
            </span>
            {account.badge}
          </>
        ) : (
          <Skeleton className="h-4 w-28" />
        )}
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="btn-outline shrink-0 px-2.5 py-1.5"
          aria-label="Sign out"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Sign out</span>
        </button>
      </div>
    </div>
  );
}
