import { Link } from 'react-router-dom';
import { ExternalLink, IndianRupee, MessagesSquare, Package, Shirt, type LucideIcon } from 'lucide-react';
import { useGetSellerQuery } from '../../api/sellerApi';
import { CashOnDeliverySetting } from './CashOnDeliverySetting';
import { OrdersAtAGlance } from '../fulfilment';
import { useGetSellerProductsQuery } from '../../api/sellerProductsApi';
import { Skeleton } from '../../components/ui/Skeleton';

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

interface Stat {
  label: string;
  value: string | undefined;
  to: string;
}

/** The shop's products by status, each a link to that list (the orders and sales are OrdersAtAGlance's). */
function ProductsAtAGlance() {
  // Page 1 of each list is small; only its total is shown.
  const active = useGetSellerProductsQuery({ status: 'active' }).data?.total;
  const drafts = useGetSellerProductsQuery({ status: 'draft' }).data?.total;
  const archived = useGetSellerProductsQuery({ status: 'archived' }).data?.total;
  const number = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const stats: Stat[] = [
    { label: 'Active products', value: number(active), to: '/seller/products?status=active' },
    { label: 'Drafts', value: number(drafts), to: '/seller/products?status=draft' },
    { label: 'Archived', value: number(archived), to: '/seller/products?status=archived' },
  ];
  return (
    <section aria-labelledby="seller-products-glance">
      <h2 id="seller-products-glance" className="sr-only">
        Products
      </h2>
      <ul className="grid grid-cols-3 gap-3">
        {stats.map(({ label, value, to }) => (
          <li key={label}>
            <Link to={to} className="card block h-full p-3 hover:ring-1 hover:ring-brand-200">
              <span className="block text-xs font-medium text-ink-500">{label}</span>
              {value === undefined ? (
                <Skeleton className="mt-1.5 h-6 w-12" />
              ) : (
                <span className="mt-0.5 block text-xl font-bold text-ink-900" data-testid={`stat-${label}`}>
                  {value}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

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

      <ProductsAtAGlance />
      <OrdersAtAGlance />
      <CashOnDeliverySetting seller={seller} />

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
