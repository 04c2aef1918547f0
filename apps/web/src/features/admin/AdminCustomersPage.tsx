import { formatRupees, type AdminCustomer } from '@bazaar/shared';
import { useGetAdminCustomerQuery, useGetAdminCustomersQuery } from '../../api/adminApi';
import { Badge } from '../../components/ui/Badge';
import { Skeleton } from '../../components/ui/Skeleton';
import { ConsoleSearch, DetailRows, howMany, LoadFailed, PagedList, useConsoleList } from './consoleParts';
import { CustomerBlock } from './CustomerBlock';
import { ExpandableList } from './ExpandableList';
import { auditActorName } from './auditActor';
import { formatWhen } from './formatWhen';

const statusBadge = (customer: AdminCustomer) =>
  customer.status === 'blocked' ? <Badge tone="danger">Blocked</Badge> : <Badge tone="success">Active</Badge>;

/** A customer's detail, loaded when opened: contact, orders summary and recent orders, blocks and unblocks. */
function CustomerDetails({ customer }: { customer: AdminCustomer }) {
  const { data, error, refetch } = useGetAdminCustomerQuery(customer.id);
  const rows: [string, string][] = [
    ['E-mail', customer.email ?? 'Not given'],
    ['Mobile', customer.mobile ?? 'Not given'],
    ['Joined', formatWhen(customer.joinedAt)],
  ];
  if (customer.blockedAt) rows.push(['Blocked', formatWhen(customer.blockedAt)]);
  if (customer.blockedReason) rows.push(['Reason', customer.blockedReason]);
  return (
    <div className="grid gap-4 text-sm lg:grid-cols-[1fr_2fr]">
      <div className="space-y-3">
        <DetailRows rows={rows} columns="grid-cols-[6rem_1fr]" />
        <CustomerBlock customer={customer} />
      </div>
      {error ? (
        <LoadFailed what="The customer's orders" onRetry={refetch} />
      ) : !data ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading the customer’s orders</span>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div className="space-y-4">
          <section aria-label="Orders">
            <h3 className="font-semibold text-ink-900">
              {data.orders.count} {data.orders.count === 1 ? 'order' : 'orders'} ·{' '}
              {formatRupees(data.orders.paidTotal)} paid
            </h3>
            {data.orders.recent.length > 0 && (
              <ul className="mt-2 divide-y divide-line rounded-lg border border-line bg-white">
                {data.orders.recent.map((order) => (
                  <li
                    key={order.orderId}
                    className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2"
                  >
                    <span className="font-mono text-xs font-semibold">{order.orderId}</span>
                    <span className="text-xs text-ink-500">{formatWhen(order.placedAt)}</span>
                    <span className="ml-auto tabular-nums">{formatRupees(order.total)}</span>
                    <span className="w-full text-xs text-ink-500 capitalize">
                      {order.paymentMethod === 'cod' ? 'Cash on delivery' : 'UPI'} · {order.paymentStatus} ·{' '}
                      {order.deliveryStatus}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Status history">
            <h3 className="font-semibold text-ink-900">Status history</h3>
            {data.statusHistory.length === 0 ? (
              <p className="text-ink-500">Never blocked.</p>
            ) : (
              <ol className="mt-1 space-y-1" data-testid="customer-status-history">
                {data.statusHistory.map((entry) => (
                  <li key={entry.id}>
                    <span className="font-medium">
                      {entry.action === 'customer.block' ? 'Blocked' : 'Unblocked'}
                    </span>{' '}
                    by {auditActorName(entry)}, {formatWhen(entry.createdAt)}
                    {entry.reason && <span className="text-ink-500"> — “{entry.reason}”</span>}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/**
 * The marketplace's customers: search by name, e-mail or mobile, newest sign-up first, each with the orders placed
 * and whether the account is blocked; a customer's details open in place with their orders, the history of blocks
 * and the block / unblock action. A dense table on wide screens, cards on a phone; search and page in the URL.
 */
export default function AdminCustomersPage() {
  const { searched: q, page, search, paging } = useConsoleList();
  const query = useGetAdminCustomersQuery({ q, page });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Customers</h1>
        <ConsoleSearch
          label="Search customers"
          placeholder="Name, e-mail or mobile"
          {...search}
          className="w-full sm:w-80"
        />
      </div>

      <PagedList
        what="The customers"
        rows={5}
        query={query}
        count={(total) => `${howMany(total, 'customer', 'customers')}, newest first`}
        empty={q ? `No customer matches “${q}”.` : 'No customers yet.'}
        {...paging}
      >
        {(data) => (
          <ExpandableList
            key={`${q}|${page}`}
            items={data.customers}
            caption="Customers"
            columns={['Name', 'E-mail', 'Mobile', 'Joined', { label: 'Orders', numeric: true }, 'Status']}
            nameOf={(customer) => customer.name}
            cells={(customer) => (
              <>
                <th scope="row" className="px-3 py-2 font-semibold text-ink-900">
                  {customer.name}
                </th>
                <td className="px-3 py-2 break-all">{customer.email ?? '—'}</td>
                <td className="px-3 py-2 tabular-nums">{customer.mobile ?? '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatWhen(customer.joinedAt)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{customer.orderCount}</td>
                <td className="px-3 py-2">{statusBadge(customer)}</td>
              </>
            )}
            card={(customer) => ({
              title: customer.name,
              subtitle: [customer.email, customer.mobile].filter(Boolean).join(' · '),
              badge: statusBadge(customer),
              summary: `Joined ${formatWhen(customer.joinedAt)} · ${customer.orderCount} ${
                customer.orderCount === 1 ? 'order' : 'orders'
              }`,
            })}
            details={(customer) => <CustomerDetails customer={customer} />}
          />
        )}
      </PagedList>
    </div>
  );
}
