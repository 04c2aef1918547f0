import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ChevronDown, Heart, LogIn, LogOut, MapPin, Package, User } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { useLogout } from './useLogout';
import { badgeCountLabel } from '../../components/ui/Badge';
import { useDismiss } from '../../components/layout/useDismiss';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-ink-700 hover:bg-canvas focus:bg-canvas focus:outline-none';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The account button (user's name, or 'Login') and its menu. */
export function AccountMenu() {
  const logout = useLogout();
  const { pathname } = useLocation();
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const wishlistCount = useAppSelector((state) => state.card.wishlist_count);
  // The menu is open on the page it was opened on: moving to another page closes it without an effect.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpenOnPath(null), []);
  useDismiss(rootRef, open, close);

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  useEffect(() => {
    if (open) menuItems()[0]?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems();
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') buttonRef.current?.focus();
    else if (event.key === 'Tab') close();
    else return;
    event.preventDefault();
  };

  /** Spec: header logout clears the session and counts, shows the server's message and goes home. */
  const onLogout = async () => {
    close();
    await logout('/');
  };

  return (
    <div ref={rootRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={userInfo ? `Account, ${userInfo.name}` : undefined}
        title={userInfo?.name}
        onClick={() => setOpenOnPath(open ? null : pathname)}
        className="flex h-10 max-w-full min-w-0 items-center gap-1.5 rounded-lg px-1.5 text-sm font-semibold text-ink-900 hover:text-brand-600 sm:px-2"
      >
        <User className="h-5 w-5 shrink-0" aria-hidden="true" />
        {userInfo ? (
          // A phone header has room for the first name only; it still truncates rather than push the page sideways.
          <>
            <span className="max-w-[4.5rem] min-w-0 truncate sm:hidden">{firstName(userInfo.name)}</span>
            <span className="hidden max-w-[9rem] min-w-0 truncate sm:inline">{userInfo.name}</span>
          </>
        ) : (
          <span>Login</span>
        )}
        <ChevronDown
          className={`hidden h-4 w-4 transition sm:block ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div
          id="account-menu"
          ref={menuRef}
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-60 rounded-card border border-line bg-white p-2 shadow-raised"
        >
          {userInfo ? (
            <>
              <p className="truncate px-3 pt-1 pb-2 text-xs text-ink-500">
                Signed in as <span className="font-semibold text-ink-900">{userInfo.name}</span>
              </p>
              <Link role="menuitem" to="/dashboard/myaddress" className={itemClass}>
                <MapPin className="h-4 w-4" aria-hidden="true" /> My Profile
              </Link>
              <Link role="menuitem" to="/dashboard/my-orders" className={itemClass}>
                <Package className="h-4 w-4" aria-hidden="true" /> Orders
              </Link>
              <Link role="menuitem" to="/dashboard/my-wishlist" className={itemClass}>
                <Heart className="h-4 w-4" aria-hidden="true" /> Wishlist
                <span className="ml-auto rounded-pill bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  {badgeCountLabel(wishlistCount)}
                </span>
              </Link>
              <div className="my-1 border-t border-line" role="separator" />
              <button role="menuitem" type="button" onClick={onLogout} className={itemClass}>
                <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
              </button>
            </>
          ) : (
            <>
              <p className="px-3 pt-1 pb-2 text-xs text-ink-500">
                Sign in for your orders, wishlist and cart.
              </p>
              <Link role="menuitem" to="/login" className={`${itemClass} font-semibold text-brand-700`}>
                <LogIn className="h-4 w-4" aria-hidden="true" /> Login / Signup
              </Link>
            </>
          )}
        </div>
      )}
    </div>
  );
}
