import { ArrowRight } from 'lucide-react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTORS,
  type AuditAction,
  type AuditActorKind,
  type AuditEntry,
} from '@bazaar/shared';
import { useGetAuditQuery } from '../../api/adminApi';
import { FilterSelect } from '../../components/console/FilterSelect';
import { ConsoleSearch, howMany, PagedList, useConsoleList } from './consoleParts';
import { auditActorName } from './auditActor';
import { formatWhen } from './formatWhen';

/** Each action in words. */
const ACTION_LABELS: Record<AuditAction, string> = {
  'seller.approve': 'Seller approved',
  'seller.reject': 'Seller rejected',
  'seller.suspend': 'Seller suspended',
  'seller.reinstate': 'Seller reinstated',
  'seller.commission': 'Commission changed',
  'payment.verify': 'Payment verified',
  'payment.reject': 'Payment rejected',
  'category.create': 'Category created',
  'category.rename': 'Category renamed',
  'category.move': 'Category moved',
  'category.reorder': 'Category reordered',
  'category.image': 'Category image changed',
  'category.hide': 'Category hidden',
  'category.show': 'Category shown',
  'category.delete': 'Category deleted',
  'banner.create': 'Banner created',
  'banner.edit': 'Banner edited',
  'banner.reorder': 'Banner reordered',
  'banner.image': 'Banner image changed',
  'banner.hide': 'Banner hidden',
  'banner.show': 'Banner shown',
  'banner.delete': 'Banner deleted',
  'tax_rate.change': 'GST rate changed',
  'refund.record': 'Refund recorded',
  'notification.retry': 'Message retried',
  'customer.block': 'Customer blocked',
  'customer.unblock': 'Customer unblocked',
  'settings.change': 'Settings changed',
  'staff.create': 'Staff member created',
  'database.restore': 'Backup restored',
  'database.reset': 'Catalogue reseeded',
};

/** Who may have acted, as the filter offers it. */
const ACTOR_LABELS: Record<AuditActorKind, string> = {
  staff: 'Staff in the console',
  'command-line': 'Command line',
};

const isAction = (value: string | null): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value ?? '');

const isActor = (value: string | null): value is AuditActorKind =>
  (AUDIT_ACTORS as readonly string[]).includes(value ?? '');

const actionLabel = (action: string) => (isAction(action) ? ACTION_LABELS[action] : action);

/** A stored value as a person reads it: text as is, nothing as a dash, anything else as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** "commissionPercent 10 → 15" for every field the action changed (or set, or cleared). */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="text-ink-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {keys.map((key) => (
        <li key={key} className="flex flex-wrap items-center gap-1">
          <span className="text-ink-500">{key}</span>
          <span className="font-mono text-xs">{shown(entry.before?.[key])}</span>
          <ArrowRight className="h-3 w-3 text-ink-500" aria-label="to" />
          <span className="font-mono text-xs font-semibold">{shown(entry.after?.[key])}</span>
        </li>
      ))}
    </ul>
  );
}

/** Who acted: the member of staff and their role, or the command line and the shell's user@host. */
function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.staff)
    return (
      <div>
        <p className="font-semibold text-ink-900">{auditActorName(entry)}</p>
        <p className="text-xs text-ink-500">Run from a shell, not the console</p>
      </div>
    );
  return (
    <div>
      <p className="font-semibold text-ink-900">{entry.staff.name}</p>
      <p className="text-xs text-ink-500 capitalize">
        {entry.staff.role}
        {entry.ip && <span className="normal-case"> · {entry.ip}</span>}
      </p>
    </div>
  );
}

/**
 * Every staff action, newest first: who (name and role, or the command line's user@host), what, to which subject,
 * the fields before → after, the reason and when. Filtered by action and by who acted, searched by staff, subject
 * or reason; the filters live in the URL.
 */
export default function AdminAuditPage() {
  const { params, searched: q, page, refine, search, paging } = useConsoleList();
  const actionParam = params.get('action');
  const action = isAction(actionParam) ? actionParam : '';
  const actorParam = params.get('actor');
  const actor = isActor(actorParam) ? actorParam : '';
  const query = useGetAuditQuery({ q, action, actor, page });

  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Audit log</h1>
      <div className="card grid gap-3 p-3 sm:grid-cols-[1fr_1fr_2fr]">
        <FilterSelect
          label="Action"
          anyLabel="All actions"
          value={action}
          onChange={(value) => refine({ action: value })}
        >
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {ACTION_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Who acted"
          anyLabel="Staff and command line"
          value={actor}
          onChange={(value) => refine({ actor: value })}
        >
          {AUDIT_ACTORS.map((value) => (
            <option key={value} value={value}>
              {ACTOR_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
        <ConsoleSearch
          label="Search the audit log"
          placeholder="Staff or user@host, action, seller / customer / order id, reason"
          {...search}
        />
      </div>

      <PagedList
        what="The audit log"
        rows={6}
        query={query}
        count={(total) => `${howMany(total, 'action', 'actions')}, newest first`}
        empty="No staff action matches."
        {...paging}
      >
        {(data) => (
          <>
            {/* One list for every width: a grid of columns on wide screens, stacked lines on a phone. */}
            <ol className="card divide-y divide-line text-sm" data-testid="audit-entries">
              {data.entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid gap-1 p-3 md:grid-cols-[9rem_10rem_1fr_1.5fr] md:gap-3"
                  data-action={entry.action}
                >
                  <time dateTime={entry.createdAt} className="text-xs text-ink-500">
                    {formatWhen(entry.createdAt)}
                  </time>
                  <Actor entry={entry} />
                  <div>
                    <p className="font-semibold text-ink-900">{actionLabel(entry.action)}</p>
                    <p className="text-xs text-ink-500">
                      {entry.subjectKind} {entry.subjectId}
                    </p>
                    {entry.reason && <p className="mt-1 text-xs">“{entry.reason}”</p>}
                  </div>
                  <Changes entry={entry} />
                </li>
              ))}
            </ol>
          </>
        )}
      </PagedList>
    </div>
  );
}
