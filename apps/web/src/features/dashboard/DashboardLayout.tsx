import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import {
  Heart,
  KeyRound,
  LayoutDashboard,
  LogOut,
  MapPin,
  MessageCircle,
  Package,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { useAuthMessages, useLogout } from '../auth';

interface MenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only the exact path counts as active (the dashboard home would otherwise match every page). */
  end?: boolean;
}

/** Spec §2 Dashboard side menu, in the spec's order. */
const MENU: MenuLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/my-orders', label: 'My Orders', icon: Package },
  { to: '/dashboard/my-wishlist', label: 'My Wishlist', icon: Heart },
  // Not in the spec's menu (issue 19): refunds of cancelled and returned items.
  { to: '/dashboard/refunds', label: 'Refunds', icon: Wallet },
  { to: '/dashboard/chat', label: 'Chat', icon: MessageCircle },
  { to: '/dashboard/chage-password', label: 'Chage Password', icon: KeyRound },
  { to: '/dashboard/myaddress', label: 'My Address', icon: MapPin },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  [
    'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-pill px-4 py-2 text-sm font-medium transition',
    'lg:rounded-lg lg:px-3 lg:py-2.5',
    isActive
      ? 'bg-brand-600 text-white lg:bg-brand-50 lg:text-brand-700'
      : 'bg-white text-ink-700 ring-1 ring-line hover:text-brand-600 lg:bg-transparent lg:ring-0 lg:hover:bg-canvas',
  ].join(' ');

/** The account area: a side menu on desktop, a scrollable pill row on mobile, and the current page beside it. */
export default function DashboardLayout() {
  useAuthMessages();
  const logout = useLogout();
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLUListElement>(null);

  // On a phone the menu is a sideways-scrolling row: bring the current page's pill into view (without moving the page).
  useEffect(() => {
    const menu = menuRef.current;
    const active = menu?.querySelector<HTMLElement>('[aria-current="page"]')?.closest('li');
    if (!menu || !active || menu.scrollWidth <= menu.clientWidth) return;
    menu.scrollLeft = active.offsetLeft - (menu.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);

  /** Spec §4: dashboard logout clears the session, shows the server's message and goes to /login. */
  const onLogout = () => logout('/login');

  return (
    <div className="bg-canvas">
      <div className="container-page py-4 lg:grid lg:grid-cols-[15rem_1fr] lg:items-start lg:gap-6 lg:py-8">
        <aside className="lg:card lg:sticky lg:top-28 lg:p-3">
          <p className="hidden truncate px-3 pt-2 pb-3 text-sm text-ink-500 lg:block">
            Hello, <span className="font-semibold text-ink-900">{userInfo?.name}</span>
          </p>
          <nav aria-label="Account">
            <ul
              ref={menuRef}
              className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-3 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0 lg:pb-0"
            >
              {MENU.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink to={to} end={end} className={linkClass}>
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
              <li className="lg:mt-1 lg:border-t lg:border-line lg:pt-1">
                <button
                  type="button"
                  onClick={onLogout}
                  className={linkClass({ isActive: false }) + ' w-full'}
                >
                  <LogOut className="h-4 w-4" aria-hidden="true" />
                  Logout
                </button>
              </li>
            </ul>
          </nav>
        </aside>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
