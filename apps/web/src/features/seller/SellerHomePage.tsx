import { Link } from 'react-router-dom';
import { ExternalLink, IndianRupee, MessagesSquare, Package, Shirt, type LucideIcon } from 'lucide-react';
import { useGetSellerQuery } from '../../api/sellerApi';
import { OrdersAtAGlance } from '../fulfilment';

interface Shortcut {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}

const SHORTCUTS: readonly Shortcut[] = [
  {
    to: '/seller/products',
    icon: Shirt,
    title: 'Products',
    text: 'Add products with sizes, stock and photos; keep drafts until they are ready.',
  },
  {
    to: '/seller/orders',
    icon: Package,
    title: 'Orders',
    text: 'Pack paid orders, ship them with a courier and AWB, and mark them delivered.',
  },
  {
    to: '/seller/earnings',
    icon: IndianRupee,
    title: 'Earnings',
    text: 'Your sales, the marketplace commission and what is payable to you.',
  },
  {
    to: '/seller/chat',
    icon: MessagesSquare,
    title: 'Messages',
    text: 'Answer shoppers’ questions in real time.',
  },
];

/** The seller center's home: the shop at a glance and the way to each part of the work. */
export default function SellerHomePage() {
  // The layout has loaded the session before it renders a page.
  const seller = useGetSellerQuery().data?.seller;
  if (!seller) return null;
  return (
    <div className="space-y-4">
      <section className="card p-4 sm:p-5">
        <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Dashboard</h1>
        <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-ink-500">Shop</dt>
            <dd className="font-semibold text-ink-900">{seller.shopName}</dd>
          </div>
          <div>
            <dt className="text-ink-500">Owner</dt>
            <dd className="font-semibold text-ink-900">{seller.name}</dd>
          </div>
          <div>
            <dt className="text-ink-500">Marketplace commission</dt>
            <dd className="font-semibold text-ink-900">{seller.commissionPercent}% of each sale</dd>
          </div>
        </dl>
        {seller.status === 'approved' && (
          <Link
            to={`/shop/${seller.slug}`}
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:underline"
          >
            See your shop as shoppers do
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </Link>
        )}
      </section>

      <OrdersAtAGlance />

      <section aria-labelledby="seller-shortcuts">
        <h2 id="seller-shortcuts" className="sr-only">
          Your work
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {SHORTCUTS.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link to={to} className="card flex h-full gap-3 p-4 hover:ring-1 hover:ring-brand-200">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-ink-900">{title}</span>
                  <span className="block text-sm text-ink-500">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
