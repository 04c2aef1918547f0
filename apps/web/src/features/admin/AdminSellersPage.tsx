import { SELLER_STATUSES, type AdminSeller, type SellerStatus } from '@bazaar/shared';
import { useGetAdminSellersQuery } from '../../api/adminApi';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { CommissionEditor } from './CommissionEditor';
import { ConsoleSearch, DetailRows, howMany, PagedList, useConsoleList } from './consoleParts';
import { ExpandableList } from './ExpandableList';
import { SellerDecisions } from './SellerDecision';
import { formatWhen } from './formatWhen';

const STATUS_TABS: Record<SellerStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'danger' },
};

const isStatus = (value: string | null): value is SellerStatus =>
  (SELLER_STATUSES as readonly string[]).includes(value ?? '');

/** Every registration detail, the reason of the last decision, and what the admin may do. */
function SellerDetails({ seller }: { seller: AdminSeller }) {
  const { address, city, state, pincode } = seller.pickupAddress;
  const pickup = [address, city, state, pincode].filter(Boolean).join(', ') || 'Not given';
  const rows: [string, string][] = [
    ['Owner', seller.ownerName],
    ['E-mail', seller.email],
    ['Mobile', seller.mobile ?? 'Not given'],
    ['GSTIN', seller.gstin ?? 'Not given'],
    ['PAN', seller.pan ?? 'Not given'],
    ['Pickup address', pickup],
    ['Registered', formatWhen(seller.registeredAt)],
    ['Approved', seller.approvedAt ? formatWhen(seller.approvedAt) : 'Never'],
    ['Products', seller.productCount.toLocaleString('en-IN')],
  ];
  if (seller.statusReason) rows.push(['Reason given', seller.statusReason]);
  return (
    <div className="grid gap-4 text-sm lg:grid-cols-[2fr_1fr]">
      <DetailRows rows={rows} columns="grid-cols-[8rem_1fr]" />
      <div className="space-y-4">
        <SellerDecisions seller={seller} />
        <CommissionEditor key={seller.commissionPercent} seller={seller} />
      </div>
    </div>
  );
}

const statusBadge = (status: SellerStatus) => (
  <Badge tone={STATUS_TABS[status].tone}>{STATUS_TABS[status].label}</Badge>
);

/**
 * The seller queue: a tab per status with its count (pending, first come first served, opens), a search by shop,
 * owner, e-mail, mobile or GSTIN, and each seller's details with the decisions and commission. A dense table on
 * wide screens, stacked cards on a phone. Status, search and page live in the URL.
 */
export default function AdminSellersPage() {
  const { params, searched: q, page, refine, search, paging } = useConsoleList();
  const statusParam = params.get('status');
  const status: SellerStatus = isStatus(statusParam) ? statusParam : 'pending';
  const query = useGetAdminSellersQuery({ status, q, page });
  const { data } = query;

  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Sellers</h1>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Seller status" className="flex flex-wrap gap-1">
          {SELLER_STATUSES.map((tab) => (
            <button
              key={tab}
              type="button"
              aria-pressed={tab === status}
              onClick={() => refine({ status: tab })}
              className={`rounded-lg px-3 py-1.5 text-sm font-medium ${
                tab === status ? 'bg-ink-900 text-white' : 'bg-white text-ink-700 hover:bg-brand-50'
              }`}
            >
              {STATUS_TABS[tab].label}{' '}
              <span className="tabular-nums" data-testid={`count-${tab}`}>
                {data ? data.counts[tab] : '…'}
              </span>
            </button>
          ))}
        </div>
        <ConsoleSearch
          label="Search sellers"
          placeholder="Shop, owner, e-mail, mobile, GSTIN"
          {...search}
          className="w-full sm:w-80"
        />
      </div>

      <PagedList
        what="The sellers"
        rows={5}
        query={query}
        count={(total) =>
          `${howMany(total, 'seller', 'sellers')}${status === 'pending' ? ', oldest registration first' : ''}`
        }
        empty={q ? `No ${STATUS_TABS[status].label.toLowerCase()} seller matches “${q}”.` : 'Nobody here.'}
        {...paging}
      >
        {(data) => (
          <ExpandableList
            key={`${status}|${q}|${page}`}
            items={data.sellers}
            caption={`${STATUS_TABS[status].label} sellers`}
            columns={[
              'Shop',
              'Contact',
              'GSTIN',
              'Registered',
              { label: 'Products', numeric: true },
              { label: 'Commission', numeric: true },
            ]}
            nameOf={(seller) => seller.shopName}
            cells={(seller) => (
              <>
                <th scope="row" className="px-3 py-2 font-normal">
                  <span className="block font-semibold text-ink-900">{seller.shopName}</span>
                  <span className="text-xs text-ink-500">{seller.ownerName}</span>
                </th>
                <td className="px-3 py-2">
                  <span className="block">{seller.email}</span>
                  <span className="text-xs text-ink-500">{seller.mobile ?? '—'}</span>
                </td>
                <td className="px-3 py-2 font-mono text-xs">{seller.gstin ?? '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatWhen(seller.registeredAt)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{seller.productCount}</td>
                <td className="px-3 py-2 text-right tabular-nums">{seller.commissionPercent} %</td>
              </>
            )}
            card={(seller) => ({
              title: seller.shopName,
              subtitle: `${seller.ownerName} · ${seller.email}`,
              badge: statusBadge(seller.status),
              summary: `Registered ${formatWhen(seller.registeredAt)} · ${seller.productCount} ${
                seller.productCount === 1 ? 'product' : 'products'
              } · ${seller.commissionPercent} % commission`,
            })}
            details={(seller) => <SellerDetails seller={seller} />}
          />
        )}
      </PagedList>
    </div>
  );
}
