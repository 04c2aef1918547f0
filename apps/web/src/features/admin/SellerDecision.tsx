import { useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, Ban, Check, RotateCcw, X, type LucideIcon } from 'lucide-react';
import type { AdminSeller, AdminSellerDecision } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useChangeSellerStatusMutation } from '../../api/adminApi';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { ReasonField } from '../../components/console/ReasonField';

interface Action {
  /** What the button and the dialog's confirm say. */
  label: string;
  to: AdminSellerDecision;
  icon: LucideIcon;
  /** What happens, told before it does. */
  consequence: string;
  /** Rejecting and suspending need a reason the seller reads. */
  needsReason: boolean;
  tone: 'primary' | 'danger';
}

const APPROVE: Action = {
  label: 'Approve',
  to: 'approved',
  icon: Check,
  consequence: 'The shop starts trading: its active products appear on the storefront at once.',
  needsReason: false,
  tone: 'primary',
};

/** What the marketplace may do to a seller in each status (the server refuses anything else). */
const ACTIONS: Record<AdminSeller['status'], readonly Action[]> = {
  pending: [
    APPROVE,
    {
      label: 'Reject',
      to: 'rejected',
      icon: X,
      consequence: 'The shop is not approved; the seller sees your reason and may ask for another review.',
      needsReason: true,
      tone: 'danger',
    },
  ],
  approved: [
    {
      label: 'Suspend',
      to: 'suspended',
      icon: Ban,
      consequence:
        'Every product of the shop leaves the storefront at once. The seller can still ship its open orders.',
      needsReason: true,
      tone: 'danger',
    },
  ],
  suspended: [
    {
      ...APPROVE,
      label: 'Reinstate',
      icon: RotateCcw,
      consequence: 'The shop trades again: its active products are back on the storefront.',
    },
  ],
  rejected: [{ ...APPROVE, label: 'Approve after review' }],
};

/** The decision buttons for one seller, each asking for confirmation (and a reason where one is needed). */
export function SellerDecisions({ seller }: { seller: AdminSeller }) {
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [change, { isLoading }] = useChangeSellerStatusMutation();

  async function confirm(action: Action) {
    try {
      const { message } = await change({
        sellerId: seller.id,
        status: action.to,
        ...(action.needsReason ? { reason: reason.trim() } : {}),
      }).unwrap();
      toast.success(message);
      setOpen(null);
      setReason('');
    } catch (error) {
      toast.error(failureMessage(error, 'The decision could not be saved. Please try again.'));
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {ACTIONS[seller.status].map((action) => {
        const Icon = action.icon;
        return (
          <button
            key={action.label}
            type="button"
            className={action.tone === 'danger' ? 'btn-outline text-danger' : 'btn-primary'}
            onClick={() => setOpen(action)}
          >
            <Icon className="h-4 w-4" aria-hidden="true" /> {action.label}
            <span className="sr-only"> {seller.shopName}</span>
          </button>
        );
      })}
      {open && (
        <ConfirmDialog
          title={
            <>
              {open.tone === 'danger' && <AlertTriangle className="h-5 w-5 text-danger" aria-hidden="true" />}
              {open.label} {seller.shopName}?
            </>
          }
          confirmLabel={
            <>
              <open.icon className="h-4 w-4" aria-hidden="true" /> {open.label}
            </>
          }
          busy={isLoading}
          confirmDisabled={open.needsReason && !reason.trim()}
          onCancel={() => {
            setOpen(null);
            setReason('');
          }}
          onConfirm={() => confirm(open)}
        >
          <p>{open.consequence}</p>
          {open.needsReason && (
            <ReasonField label="Reason (shown to the seller)" value={reason} onChange={setReason} />
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
