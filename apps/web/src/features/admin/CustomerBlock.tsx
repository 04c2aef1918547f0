import { useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, Ban, RotateCcw } from 'lucide-react';
import type { AdminCustomer } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useChangeCustomerBlockMutation } from '../../api/adminApi';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { ReasonField } from '../../components/console/ReasonField';

/**
 * Block (a reason required) or unblock a customer, each after a confirmation that says what happens. Blocking ends
 * every session of theirs at once; the reason goes to the audit log.
 */
export function CustomerBlock({ customer }: { customer: AdminCustomer }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [change, { isLoading }] = useChangeCustomerBlockMutation();
  const blocking = customer.status === 'active';

  function close() {
    setOpen(false);
    setReason('');
  }

  async function confirm() {
    try {
      const { message } = await change({
        customerId: customer.id,
        block: blocking,
        reason: reason.trim() || undefined,
      }).unwrap();
      toast.success(message);
      close();
    } catch (error) {
      toast.error(failureMessage(error, 'The change could not be saved. Please try again.'));
    }
  }

  const Icon = blocking ? Ban : RotateCcw;
  const label = blocking ? 'Block' : 'Unblock';
  return (
    <>
      <button
        type="button"
        className={blocking ? 'btn-outline text-danger' : 'btn-primary'}
        onClick={() => setOpen(true)}
      >
        <Icon className="h-4 w-4" aria-hidden="true" /> {label}
        <span className="sr-only"> {customer.name}</span>
      </button>
      {open && (
        <ConfirmDialog
          title={
            <>
              {blocking && <AlertTriangle className="h-5 w-5 text-danger" aria-hidden="true" />}
              {label} {customer.name}?
            </>
          }
          confirmLabel={
            <>
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
            </>
          }
          tone={blocking ? 'danger' : 'primary'}
          busy={isLoading}
          confirmDisabled={blocking && !reason.trim()}
          onCancel={close}
          onConfirm={confirm}
        >
          <p>
            {blocking
              ? 'They are signed out on every device at once and cannot sign in or register again with this e-mail or mobile until unblocked.'
              : 'They may sign in again. Sessions that ended with the block stay ended.'}
          </p>
          {blocking ? (
            <ReasonField label="Reason (kept in the audit log)" value={reason} onChange={setReason} />
          ) : (
            <ReasonField label="Note (optional)" value={reason} onChange={setReason} required={false} />
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
