import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  ChevronDown,
  ChevronUp,
  ClipboardList,
  FolderTree,
  Mail,
  GalleryHorizontal,
  Menu,
  Percent,
  ScrollText,
  Wallet,
  Settings,
  Store,
  Users,
} from 'lucide-react';
import { failureStatus } from '../../api/bazaarApi';
import { useGetOperatorQuery, useOpsLogoutMutation } from '../../api/opsApi';
import {
  ConsoleNavLinks,
  highlightedLink,
  type ConsoleNavItem,
} from '../../components/console/ConsoleNavLinks';
import { ConsoleTopBar } from '../../components/console/ConsoleTopBar';
import { useDismiss } from '../../components/layout/useDismiss';
import { Badge } from '../../components/ui/Badge';
import { Skeleton } from '../../components/ui/Skeleton';

/** Pages operators may work as well as admins (the API lets both record refunds and retry messages). */
const OPERATOR_PATHS = ['/admin/refunds', '/admin/notifications'];

/** The console's pages; Payments is the operators' console, which admins may work too. */
const ADMIN_NAV: readonly ConsoleNavItem[] = [
  { to: '/admin/sellers', label: 'Sellers', icon: Store },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree },
  { to: '/admin/banners', label: 'Banners', icon: GalleryHorizontal },
  { to: '/admin/tax-rates', label: 'GST rates', icon: Percent },
  { to: '/admin/refunds', label: 'Refunds', icon: Wallet },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText },
  { to: '/admin/notifications', label: 'Messages', icon: Mail },
  { to: '/ops/payments', label: 'Payments', icon: ClipboardList },
];

const navLink = highlightedLink(
  'flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2.5 text-sm font-medium xl:py-1.5',
);

/**
 * The console's pages. From `xl` (1280 px) they are one row of links; below it, where the row would scroll
 * sideways or wrap, a button naming the current page opens them as a panel under the header. The panel closes on
 * Escape (focus goes back to the button), on a press outside it, when focus leaves it, and on choosing a page.
 */
function AdminNav({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const current = ADMIN_NAV.find((item) => pathname.startsWith(item.to));
  // Escape gives focus back to the button; a press elsewhere leaves it where it went.
  useDismiss(navRef, open, (by) => {
    setOpen(false);
    if (by === 'escape') buttonRef.current?.focus();
  });

  // Opening puts focus on the current page's link (or the first), so the keyboard goes on from there.
  useEffect(() => {
    if (!open) return;
    const list = listRef.current;
    (
      list?.querySelector<HTMLElement>('[aria-current="page"]') ?? list?.querySelector<HTMLElement>('a')
    )?.focus();
  }, [open]);

  function onBlur(event: FocusEvent) {
    if (!navRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  const Chevron = open ? ChevronUp : ChevronDown;
  return (
    <nav ref={navRef} aria-label="Admin console" className="container-page relative pb-2" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="btn-outline px-3 py-1.5 xl:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <Menu className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Admin pages: </span>
        {current?.label ?? 'Pages'}
        <Chevron className="h-4 w-4 text-ink-500" aria-hidden="true" />
      </button>
      <ConsoleNavLinks
        items={ADMIN_NAV}
        listRef={listRef}
        id={listId}
        className={`${open ? 'grid' : 'hidden'} absolute inset-x-0 top-full z-40 grid-cols-2 gap-1 border-b border-line bg-white p-3 shadow-lg sm:grid-cols-3 xl:static xl:flex xl:border-0 xl:p-0 xl:shadow-none`}
        linkClassName={navLink}
        onChoose={() => setOpen(false)}
      />
    </nav>
  );
}

/**
 * The admin console's frame: who is signed in (name and role) and the pages (`AdminNav`). Without a staff session
 * the visitor goes to the sign-in page; an operator is told the console is for admins.
 */
export default function AdminLayout() {
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useGetOperatorQuery();
  const [logout, { isLoading: signingOut }] = useOpsLogoutMutation();
  const staff = data?.operator;
  const { pathname } = useLocation();
  const operatorsToo = OPERATOR_PATHS.some((path) => pathname.startsWith(path));

  if (error && failureStatus(error) === 401) return <Navigate to="/admin/login" replace />;

  async function signOut() {
    await logout();
    navigate('/admin/login', { replace: true });
  }

  let content;
  if (error)
    content = (
      <div role="alert" className="card p-6 text-center">
        <p className="font-semibold text-ink-900">The console could not be loaded.</p>
        <button type="button" onClick={() => refetch()} className="btn-primary mt-4">
          Try again
        </button>
      </div>
    );
  else if (isLoading || !staff)
    content = (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading the admin console</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  else if (staff.role !== 'admin' && !operatorsToo)
    content = (
      <div role="alert" className="card p-6 text-center">
        <p className="font-semibold text-ink-900">The admin console is for admins.</p>
        <p className="mt-1 text-sm text-ink-500">
          You are signed in as an operator. Payments to verify are in the operators’ console.
        </p>
        <Link to="/ops/payments" className="btn-primary mt-4">
          Go to payments
        </Link>
      </div>
    );
  else content = <Outlet />;

  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="sticky top-0 z-30 border-b border-line bg-white">
        <ConsoleTopBar
          home="/admin/sellers"
          label="Admin"
          account={
            staff && {
              name: staff.name,
              badge: (
                <Badge tone={staff.role === 'admin' ? 'dark' : 'neutral'} className="shrink-0 capitalize">
                  <span data-testid="staff-role">{staff.role}</span>
                </Badge>
              ),
            }
          }
          onSignOut={signOut}
          signingOut={signingOut}
        />
        <AdminNav pathname={pathname} />
      </header>
      <main className="container-page min-w-0 flex-1 py-4 lg:py-6">{content}</main>
    </div>
  );
}
