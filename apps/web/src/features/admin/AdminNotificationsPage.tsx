import { useId, useState } from 'react';
import {
  NOTIFICATION_KINDS,
  notificationKindLabels,
  OUTBOX_STATES,
  type AdminNotification,
  type NotificationKind,
  type OutboxState,
} from '@bazaar/shared';
import { useGetAdminNotificationsQuery, useRetryNotificationMutation } from '../../api/adminNotificationsApi';
import { OutcomeNote, useActionOutcome } from '../../components/forms/ActionOutcome';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { StateTabs } from '../../components/console/StateTabs';
import { ConsoleSearch, howMany, PagedList, useConsoleList } from './consoleParts';
import { formatWhen } from './formatWhen';

/** Failed first: the messages that need someone. */
const STATES: readonly OutboxState[] = ['failed', ...OUTBOX_STATES.filter((state) => state !== 'failed')];
const stateLabels: Record<OutboxState, string> = { failed: 'Failed', pending: 'Pending', sent: 'Sent' };
const isState = (value: string | null): value is OutboxState =>
  (OUTBOX_STATES as readonly string[]).includes(value ?? '');
const isKind = (value: string | null): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value ?? '');

/** Who a message went to, as staff read it. */
function recipientOf({ recipient }: AdminNotification): { name: string; detail: string } {
  if (recipient.kind === 'admins') return { name: 'Every admin', detail: 'Admin team' };
  const who = recipient.kind === 'customer' ? 'Customer' : 'Seller';
  return {
    name: recipient.name ?? `${who} #${recipient._id} (account gone)`,
    detail: `${who} · ${recipient.email ?? 'no e-mail'}`,
  };
}

/**
 * The notification outbox (issue 19): e-mails and texts by state (failed first), kind and recipient, each with its
 * attempts and last error. A failed one can be queued again once its cause is fixed (the mail server, the address):
 * after a confirmation, recorded in the audit log. Operators and admins.
 */
export default function AdminNotificationsPage() {
  const { params, searched: recipient, page, refine, search, paging } = useConsoleList('recipient');
  const stateParam = params.get('state');
  const kindParam = params.get('kind');
  const state: OutboxState = isState(stateParam) ? stateParam : 'failed';
  const kind = isKind(kindParam) ? kindParam : undefined;
  const query = useGetAdminNotificationsQuery({
    state,
    kind,
    recipient: recipient || undefined,
    page,
  });
  const [retrying, setRetrying] = useState<AdminNotification | null>(null);
  const { outcome, report } = useActionOutcome();
  const [retry, { isLoading }] = useRetryNotificationMutation();
  const kindId = useId();

  async function confirm() {
    if (!retrying) return;
    await report(async () => {
      const answer = await retry(retrying._id).unwrap();
      return `${answer.message} (to ${recipientOf(answer.notification).name})`;
    }, 'The message could not be retried. Please try again.');
    setRetrying(null);
  }

  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Messages</h1>
      <StateTabs
        label="Message state"
        states={STATES}
        labels={stateLabels}
        current={state}
        onSelect={(next) => refine({ state: next })}
      />
      <div className="card grid gap-3 p-3 sm:grid-cols-[1fr_2fr]">
        <div>
          <label htmlFor={kindId} className="sr-only">
            Kind of message
          </label>
          <select
            id={kindId}
            className="input"
            value={kind ?? ''}
            onChange={(e) => refine({ kind: e.target.value })}
          >
            <option value="">All kinds</option>
            {NOTIFICATION_KINDS.map((value) => (
              <option key={value} value={value}>
                {notificationKindLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <ConsoleSearch label="Search recipients" placeholder="Recipient's name or e-mail" {...search} />
      </div>
      <OutcomeNote outcome={outcome} />

      <PagedList
        what="The messages"
        rows={5}
        query={query}
        count={(total) => howMany(total, 'message', 'messages')}
        empty="No messages here."
        {...paging}
      >
        {(data) => (
          <ol className="card divide-y divide-line text-sm" data-testid="message-list">
            {data.notifications.map((message) => {
              const to = recipientOf(message);
              return (
                <li
                  key={message._id}
                  className="grid gap-2 p-3 md:grid-cols-[12rem_1fr_1fr_auto] md:items-center md:gap-3"
                  data-message={message._id}
                >
                  <div>
                    <p className="font-semibold text-ink-900">{notificationKindLabels[message.kind]}</p>
                    <p className="text-xs text-ink-500">
                      {message.channel === 'sms' ? 'Text message' : 'E-mail'} · queued{' '}
                      {formatWhen(message.createdAt)}
                    </p>
                  </div>
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-900">{to.name}</p>
                    <p className="truncate text-xs text-ink-500">{to.detail}</p>
                  </div>
                  <div className="min-w-0 text-xs text-ink-700">
                    <p>
                      {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
                      {message.sentAt ? ` · sent ${formatWhen(message.sentAt)}` : ''}
                    </p>
                    {message.lastError && (
                      <p className="break-words text-danger" data-testid="message-error">
                        {message.lastError}
                      </p>
                    )}
                  </div>
                  <div className="flex items-center gap-2 md:justify-end">
                    {message.state === 'failed' ? (
                      <button
                        type="button"
                        className="btn-primary px-3 py-1.5 text-xs"
                        onClick={() => setRetrying(message)}
                      >
                        Retry
                      </button>
                    ) : (
                      <Badge tone={message.state === 'sent' ? 'success' : 'neutral'}>
                        {stateLabels[message.state]}
                      </Badge>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </PagedList>

      {retrying && (
        <ConfirmDialog
          title={`Send “${notificationKindLabels[retrying.kind]}” again?`}
          tone="primary"
          confirmLabel="Retry message"
          busy={isLoading}
          onCancel={() => setRetrying(null)}
          onConfirm={confirm}
        >
          <p>
            It goes to {recipientOf(retrying).name} with a fresh set of attempts. Retry once the cause is
            fixed (the mail server, the address); the audit log records who retried it.
          </p>
          {retrying.lastError && <p className="mt-2 text-ink-500">It failed with: {retrying.lastError}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
