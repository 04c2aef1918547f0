import { useId, useState } from 'react';
import { CheckCircle2, PackageCheck, Truck, XCircle, type LucideIcon } from 'lucide-react';
import {
  fulfilmentLabels,
  SELLER_TRANSITIONS,
  TRACKING_NUMBER_PATTERN,
  type ChangeSellerOrderStatusInput,
  type SellerOrderDetail,
  type SellerSettableStatus,
} from '@bazaar/shared';
import { useChangeSellerOrderStatusMutation } from '../../api/sellerOrdersApi';
import { useActionOutcome } from '../../components/forms/ActionOutcome';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { Field } from '../../components/ui/Field';

/** Couriers Indian sellers use most, offered as suggestions; any other name may be typed. */
const COURIERS = ['Delhivery', 'Blue Dart', 'DTDC', 'Ecom Express', 'Xpressbees', 'Shadowfax', 'India Post'];

const icons: Record<SellerSettableStatus, LucideIcon> = {
  warehouse: PackageCheck,
  shipped: Truck,
  delivered: CheckCircle2,
  cancelled: XCircle,
};

/** Every action but cancelling moves the order forward (a filled button); cancelling is the outlined one. */
const buttonClass = (status: SellerSettableStatus) =>
  status === 'cancelled' ? 'btn-outline text-danger' : 'btn-primary';

/**
 * The next steps of a seller's part: only those the lifecycle allows from its state (SELLER_TRANSITIONS, the rule
 * the server enforces too). Packing happens at once; shipping asks for the courier and AWB, delivering for a
 * confirmation (it is final) and cancelling for a reason the shopper will read.
 */
export function StatusActions({ order }: { order: SellerOrderDetail }) {
  const [change, { isLoading }] = useChangeSellerOrderStatusMutation();
  const [dialog, setDialog] = useState<Exclude<SellerSettableStatus, 'warehouse'> | null>(null);
  const { outcome, report, clear } = useActionOutcome();
  const [courier, setCourier] = useState('');
  const [awb, setAwb] = useState('');
  const [reason, setReason] = useState('');
  const ids = { courier: useId(), awb: useId(), couriers: useId(), reason: useId(), awbHint: useId() };

  const next = SELLER_TRANSITIONS[order.status] as readonly SellerSettableStatus[];
  if (next.length === 0) return null;

  async function submit(input: ChangeSellerOrderStatusInput) {
    clear();
    await report(
      async () => (await change({ id: order._id, change: input }).unwrap()).message,
      'The order could not be updated. Please try again.',
    );
    setDialog(null);
  }

  const awbValid = TRACKING_NUMBER_PATTERN.test(awb.trim());
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {next.map((status) => {
          const Icon = icons[status];
          return (
            <button
              key={status}
              type="button"
              className={buttonClass(status)}
              disabled={isLoading}
              onClick={() => (status === 'warehouse' ? submit({ status }) : setDialog(status))}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {fulfilmentLabels[status].action}
            </button>
          );
        })}
      </div>
      <div aria-live="polite">
        {outcome && (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={`rounded-lg p-3 text-sm ${outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
          >
            {outcome.text}
          </p>
        )}
      </div>

      {dialog === 'shipped' && (
        <ConfirmDialog
          title="Ship this order"
          confirmLabel="Mark shipped"
          tone="primary"
          busy={isLoading}
          confirmDisabled={courier.trim().length < 2 || !awbValid}
          onCancel={() => setDialog(null)}
          onConfirm={() => submit({ status: 'shipped', courier: courier.trim(), trackingNumber: awb.trim() })}
        >
          <p className="mb-3">The shopper sees the courier and AWB on the order’s timeline.</p>
          <div className="space-y-3">
            <Field id={ids.courier} label="Courier">
              <input
                id={ids.courier}
                className="input"
                list={ids.couriers}
                value={courier}
                onChange={(event) => setCourier(event.target.value)}
                autoComplete="off"
                required
                maxLength={60}
              />
              <datalist id={ids.couriers}>
                {COURIERS.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </Field>
            <Field id={ids.awb} label="AWB / tracking number">
              <input
                id={ids.awb}
                className="input font-mono"
                value={awb}
                onChange={(event) => setAwb(event.target.value)}
                autoComplete="off"
                required
                maxLength={30}
                aria-invalid={awb.trim() !== '' && !awbValid}
                aria-describedby={ids.awbHint}
              />
              <p id={ids.awbHint} className="mt-1 text-xs text-ink-500">
                6–30 letters, digits or dashes, as printed on the courier’s label.
              </p>
            </Field>
          </div>
        </ConfirmDialog>
      )}

      {dialog === 'delivered' && (
        <ConfirmDialog
          title="Mark as delivered?"
          confirmLabel="Mark delivered"
          tone="primary"
          busy={isLoading}
          onCancel={() => setDialog(null)}
          onConfirm={() => submit({ status: 'delivered' })}
        >
          Only when the courier confirms delivery to {order.shippingInfo.name}. This is the order’s last step;
          the return window starts now.
        </ConfirmDialog>
      )}

      {dialog === 'cancelled' && (
        <ConfirmDialog
          title="Cancel this order?"
          confirmLabel="Cancel order"
          busy={isLoading}
          confirmDisabled={reason.trim() === ''}
          onCancel={() => setDialog(null)}
          onConfirm={() => submit({ status: 'cancelled', note: reason.trim() })}
        >
          <p className="mb-3">
            The stock goes back on sale
            {order.paymentStatus === 'paid'
              ? ' and the shopper is refunded what they paid for this part'
              : ''}
            . This cannot be undone.
          </p>
          <Field id={ids.reason} label="Reason (the shopper sees it)">
            <textarea
              id={ids.reason}
              className="input min-h-20"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              maxLength={500}
            />
          </Field>
        </ConfirmDialog>
      )}
    </div>
  );
}
