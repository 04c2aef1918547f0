import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { FileText, RotateCcw, XCircle } from 'lucide-react';
import {
  CANCEL_REASONS,
  formatRupees,
  REFUND_BUSINESS_DAYS,
  refundReasonLabels,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  returnLabels,
  type CancelReason,
  type OrderLineReturns,
  type OrderPart,
  type RefundDto,
  type ReturnPhotoDto,
  type ReturnReason,
  type ReturnState,
} from '@bazaar/shared';
import {
  useCancelOrderMutation,
  useDeleteReturnPhotoMutation,
  useRequestReturnMutation,
} from '../../api/returnsApi';
import { OutcomeNote, useActionOutcome } from '../../components/forms/ActionOutcome';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { ReturnPhotoThumbnails } from '../../components/returns/ReturnPhotoThumbnails';
import { creditNoteUrl, formatOrderDate } from './orderDisplay';
import { ReturnPhotoPicker } from './ReturnPhotoPicker';

/** What a shopper may do after ordering (issue 19): cancel before shipping, return after delivery, see refunds. */

function ReasonSelect<T extends string>({
  label,
  reasons,
  value,
  onChange,
}: {
  label: string;
  reasons: readonly T[];
  value: T | '';
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="mt-3 block font-medium">
        {label}
      </label>
      <select
        id={id}
        className="input mt-1.5"
        value={value}
        required
        onChange={(e) => onChange(e.target.value as T)}
      >
        <option value="" disabled>
          Choose a reason
        </option>
        {reasons.map((reason) => (
          <option key={reason}>{reason}</option>
        ))}
      </select>
    </>
  );
}

/**
 * "Cancel order" while every live part is still unshipped, and "Cancel items from <shop>" for each part that may
 * still be cancelled when the order has several; each asks for a reason in a confirmation dialog.
 */
export function CancelActions({
  orderId,
  parts,
  paid,
}: {
  orderId: string;
  parts: OrderPart[];
  paid: boolean;
}) {
  const [cancel, { isLoading }] = useCancelOrderMutation();
  const [target, setTarget] = useState<{ sellerId?: number; shopName?: string } | null>(null);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const { outcome, report } = useActionOutcome();
  const live = parts.filter((part) => part.status !== 'cancelled');
  const cancellable = live.filter((part) => part.cancellable);
  if (cancellable.length === 0) return <OutcomeNote outcome={outcome} className="mt-2" />;
  const wholeOrder = cancellable.length === live.length;

  async function confirm() {
    if (!target || !reason) return;
    await report(
      async () => (await cancel({ orderId, sellerId: target.sellerId, reason }).unwrap()).message,
      'The order could not be cancelled. Please try again.',
    );
    setTarget(null);
    setReason('');
  }

  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-2">
        {wholeOrder && (
          <button type="button" className="btn-outline text-danger" onClick={() => setTarget({})}>
            <XCircle className="h-4 w-4" aria-hidden="true" /> Cancel order
          </button>
        )}
        {live.length > 1 &&
          cancellable.map((part) => (
            <button
              key={part._id}
              type="button"
              className="btn-outline text-danger"
              onClick={() => setTarget({ sellerId: part.sellerId, shopName: part.shopName })}
            >
              Cancel items from {part.shopName}
            </button>
          ))}
      </div>
      <OutcomeNote outcome={outcome} className="mt-2" />
      {target && (
        <ConfirmDialog
          title={target.shopName ? `Cancel the items from ${target.shopName}?` : 'Cancel this order?'}
          confirmLabel={target.shopName ? 'Cancel these items' : 'Cancel order'}
          busy={isLoading}
          confirmDisabled={!reason}
          onCancel={() => setTarget(null)}
          onConfirm={confirm}
        >
          <p>
            {paid
              ? `What you paid for them is refunded to you in ${REFUND_BUSINESS_DAYS.min}–${REFUND_BUSINESS_DAYS.max} business days.`
              : 'Nothing has been paid for them, so nothing is charged.'}{' '}
            This cannot be undone.
          </p>
          <ReasonSelect
            label="Why are you cancelling?"
            reasons={CANCEL_REASONS}
            value={reason}
            onChange={setReason}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}

const returnTones: Record<ReturnState, BadgeTone> = {
  requested: 'warning',
  approved: 'brand',
  rejected: 'danger',
  picked_up: 'brand',
  received: 'success',
};

/** A line's returns (each with its state) and, while the window lasts, "Return" with a dialog. */
export function LineReturns({
  orderId,
  name,
  line,
  part,
}: {
  orderId: string;
  name: string;
  line: OrderLineReturns | undefined;
  part: OrderPart | undefined;
}) {
  const [request, { isLoading }] = useRequestReturnMutation();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<ReturnPhotoDto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [removePhoto] = useDeleteReturnPhotoMutation();
  const { outcome, report } = useActionOutcome();
  const ids = { quantity: useId(), comment: useId() };
  // When the page was opened: the window is judged against it (the server judges again on submit).
  const [openedAt] = useState(() => Date.now());
  if (!line) return null;
  const windowOpen =
    part?.status === 'delivered' &&
    part.returnableUntil !== null &&
    Date.parse(part.returnableUntil) > openedAt;

  async function confirm() {
    if (!line || !reason) return;
    await report(async () => {
      const answer = await request({
        orderId,
        lines: [{ orderItemId: line.orderItemId, quantity }],
        reason,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(photos.length ? { photoIds: photos.map((photo) => photo._id) } : {}),
      }).unwrap();
      return answer.message;
    }, 'The return could not be requested. Please try again.');
    setOpen(false);
  }

  return (
    <div className="mt-1 flex flex-col gap-1" data-testid="line-returns">
      {line.returns.map((ret) => (
        <div key={ret.returnId}>
          <p className="flex items-center gap-2 text-xs text-ink-700">
            <Badge tone={returnTones[ret.state]}>{returnLabels[ret.state].status}</Badge>
            {ret.quantity} {ret.quantity === 1 ? 'piece' : 'pieces'}
          </p>
          <ReturnPhotoThumbnails photos={ret.photos} returnId={ret.returnId} mine />
        </div>
      ))}
      {windowOpen && line.returnable > 0 && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-ink-500">
          <button
            type="button"
            className="btn-outline px-3 py-1 text-xs"
            onClick={() => {
              setQuantity(1);
              setReason('');
              setComment('');
              setPhotos([]);
              setOpen(true);
            }}
          >
            <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" /> Return
          </button>
          Returnable until {formatOrderDate(part!.returnableUntil!)}
        </p>
      )}
      <OutcomeNote outcome={outcome} className="mt-2" />
      {open && (
        <ConfirmDialog
          title={`Return ${name}?`}
          tone="primary"
          confirmLabel="Request return"
          busy={isLoading}
          confirmDisabled={!reason || uploading}
          onCancel={() => {
            // Photos uploaded for a return not sent are of no use: removed now rather than left for the cleanup.
            for (const photo of photos) void removePhoto(photo._id);
            setOpen(false);
          }}
          onConfirm={confirm}
        >
          <p>
            Returns are accepted within {RETURN_WINDOW_DAYS} days of delivery. Once the shop receives the
            item, its price is refunded in {REFUND_BUSINESS_DAYS.min}–{REFUND_BUSINESS_DAYS.max} business days
            (shipping is not refunded).
          </p>
          <label htmlFor={ids.quantity} className="mt-3 block font-medium">
            Pieces to return
          </label>
          <select
            id={ids.quantity}
            className="input mt-1.5"
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
          >
            {Array.from({ length: line.returnable }, (_, index) => (
              <option key={index + 1}>{index + 1}</option>
            ))}
          </select>
          <ReasonSelect
            label="Why are you returning it?"
            reasons={RETURN_REASONS}
            value={reason}
            onChange={setReason}
          />
          <label htmlFor={ids.comment} className="mt-3 block font-medium">
            Anything the shop should know? <span className="font-normal text-ink-500">(optional)</span>
          </label>
          <textarea
            id={ids.comment}
            className="input mt-1.5 min-h-16"
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <ReturnPhotoPicker photos={photos} onPhotosChange={setPhotos} onUploadingChange={setUploading} />
        </ConfirmDialog>
      )}
    </div>
  );
}

/** A refund as the shopper reads it: what for, how much, and when it arrives or arrived (with the reference). */
export function RefundRow({ refund, showOrder = false }: { refund: RefundDto; showOrder?: boolean }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm" data-testid="refund">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">
          {formatRupees(refund.amount)}{' '}
          <span className="font-normal text-ink-500">
            · {refundReasonLabels[refund.reason]}
            {refund.shopName ? ` from ${refund.shopName}` : ''}
          </span>
        </p>
        {showOrder && (
          <Link
            to={`/dashboard/order/details/${refund.orderId}`}
            className="text-ink-500 hover:text-brand-600 hover:underline"
          >
            Order #{refund.orderId}
          </Link>
        )}
        {refund.state === 'refunded' ? (
          <p className="text-ink-700">
            Refunded on {formatOrderDate(refund.refundedAt!)} · Reference{' '}
            <span className="font-mono">{refund.reference}</span>
          </p>
        ) : (
          <p className="text-ink-700">
            Expected by {formatOrderDate(refund.expectedBy)} ({REFUND_BUSINESS_DAYS.min}–
            {REFUND_BUSINESS_DAYS.max} business days)
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-1.5">
        <Badge tone={refund.state === 'refunded' ? 'success' : 'warning'}>
          {refund.state === 'refunded' ? 'Refunded' : 'Refund pending'}
        </Badge>
        <a
          href={creditNoteUrl(refund._id)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-xs font-medium text-brand-600 hover:underline"
        >
          <FileText className="h-3.5 w-3.5" aria-hidden="true" /> Credit note
        </a>
      </div>
    </li>
  );
}
