import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import {
  AlertTriangle,
  Clock,
  IndianRupee,
  KeyRound,
  LayoutDashboard,
  MessagesSquare,
  Package,
  RotateCcw,
  Shirt,
} from 'lucide-react';
import type { SellerProfile, SellerStatus } from '@bazaar/shared';
import { failureStatus } from '../../api/bazaarApi';
import { useGetSellerQuery, useSellerLogoutMutation } from '../../api/sellerApi';
import {
  ConsoleNavLinks,
  highlightedLink,
  type ConsoleNavItem,
} from '../../components/console/ConsoleNavLinks';
import { ConsoleTopBar } from '../../components/console/ConsoleTopBar';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Skeleton } from '../../components/ui/Skeleton';

/** The seller center's pages; the products, orders and earnings pages mount under the same paths. */
export const SELLER_NAV: readonly ConsoleNavItem[] = [
  { to: '/seller', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/seller/products', label: 'Products', icon: Shirt },
  { to: '/seller/orders', label: 'Orders', icon: Package },
  { to: '/seller/returns', label: 'Returns', icon: RotateCcw },
  { to: '/seller/earnings', label: 'Earnings', icon: IndianRupee },
  { to: '/seller/chat', label: 'Messages', icon: MessagesSquare },
  { to: '/seller/password', label: 'Password', icon: KeyRound },
];

export const SELLER_STATUS_LABELS: Record<SellerStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Not approved', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'danger' },
};

/** What a shop that is not trading needs to know on every page: why, and what it can still do. */
function StatusBanner({ seller }: { seller: SellerProfile }) {
  if (seller.status === 'approved') return null;
  const reason = seller.statusReason ? ` Reason: ${seller.statusReason}` : '';
  const content = {
    pending: {
      icon: Clock,
      title: 'Waiting for approval',
      text: 'Bazaar is reviewing your shop. You can prepare your products now; shoppers see them once your shop is approved.',
      tone: 'border-amber-300 bg-amber-50 text-amber-900',
    },
    rejected: {
      icon: AlertTriangle,
      title: 'Your shop was not approved',
      text: `Shoppers cannot see your products.${reason} Write to sellers@bazaar.in to ask for another review.`,
      tone: 'border-red-300 bg-red-50 text-red-900',
    },
    suspended: {
      icon: AlertTriangle,
      title: 'Your shop is suspended',
      text: `Your products are hidden from shoppers; you can still ship and complete your open orders.${reason}`,
      tone: 'border-red-300 bg-red-50 text-red-900',
    },
  }[seller.status];
  const Icon = content.icon;
  return (
    <div
      role="status"
      data-testid="seller-status-banner"
      className={`mb-4 flex gap-3 rounded-lg border p-4 ${content.tone}`}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{content.title}</p>
        <p className="mt-0.5 text-sm">{content.text}</p>
      </div>
    </div>
  );
}

const sideLink = highlightedLink('flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium');

const phoneLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-w-16 flex-1 flex-col items-center gap-0.5 px-1 py-2 text-[11px] font-medium ${
    isActive ? 'text-brand-700' : 'text-ink-500'
  }`;

/**
 * The seller center's frame for every page under /seller but sign-in and registration: the shop and its status on
 * top, the pages in a sidebar on a laptop and a bottom bar on a phone, and a banner while the shop is not approved.
 * Signed-out visitors go to the sign-in page.
 */
export default function SellerLayout() {
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useGetSellerQuery();
  const [logout, { isLoading: signingOut }] = useSellerLogoutMutation();
  const seller = data?.seller;

  if (error && failureStatus(error) === 401) return <Navigate to="/seller/login" replace />;

  async function signOut() {
    await logout();
    navigate('/seller/login', { replace: true });
  }

  const status = seller && SELLER_STATUS_LABELS[seller.status];
  return (
    <div className="flex min-h-screen flex-col bg-canvas pb-16 lg:pb-0">
      <header className="sticky top-0 z-30 border-b border-line bg-white">
        <ConsoleTopBar
          home="/seller"
          label="Seller Hub"
          account={
            seller &&
            status && {
              name: seller.shopName,
              badge: (
                <Badge tone={status.tone} className="shrink-0">
                  <span data-testid="seller-status">{status.label}</span>
                </Badge>
              ),
            }
          }
          onSignOut={signOut}
          signingOut={signingOut}
        />
      </header>

      <div className="container-page flex-1 py-4 lg:grid lg:grid-cols-[13rem_1fr] lg:items-start lg:gap-6 lg:py-6">
        <nav aria-label="Seller center" className="hidden lg:sticky lg:top-20 lg:block">
          <ConsoleNavLinks items={SELLER_NAV} className="card space-y-0.5 p-2" linkClassName={sideLink} />
        </nav>

        <main className="min-w-0">
          {seller && (
            <p className="mb-2 truncate text-sm font-semibold text-ink-900 sm:hidden">{seller.shopName}</p>
          )}
          {error ? (
            <div role="alert" className="card p-6 text-center">
              <p className="font-semibold text-ink-900">Your shop could not be loaded.</p>
              <button type="button" onClick={() => refetch()} className="btn-primary mt-4">
                Try again
              </button>
            </div>
          ) : isLoading || !seller ? (
            <div role="status" className="space-y-3">
              <span className="sr-only">Loading your shop</span>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          ) : (
            <>
              <StatusBanner seller={seller} />
              <Outlet />
            </>
          )}
        </main>
      </div>

      {/* On a phone the pages are a bar at the bottom of the screen, within the thumb's reach. */}
      <nav
        aria-label="Seller center"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white lg:hidden"
      >
        <ConsoleNavLinks
          items={SELLER_NAV}
          className="flex overflow-x-auto [scrollbar-width:none]"
          itemClassName="flex flex-1"
          linkClassName={phoneLink}
          iconClassName="h-5 w-5"
        />
      </nav>
    </div>
  );
}
