import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MAX_COMMISSION_PERCENT, MIN_COMMISSION_PERCENT, type AdminSeller } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useSetSellerCommissionMutation } from '../../api/adminApi';

/** Why a typed rate cannot be saved, or '' when it can: a whole percent within the marketplace's bounds. */
function commissionProblem(text: string): string {
  if (!text.trim()) return 'Enter a commission rate.';
  const value = Number(text);
  if (!Number.isInteger(value)) return 'Use a whole percent, e.g. 12.';
  if (value < MIN_COMMISSION_PERCENT || value > MAX_COMMISSION_PERCENT)
    return `Use a rate from ${MIN_COMMISSION_PERCENT} to ${MAX_COMMISSION_PERCENT} %.`;
  return '';
}

/** The seller's commission rate, edited in place; orders already placed keep the rate they were placed at. */
export function CommissionEditor({ seller }: { seller: AdminSeller }) {
  const [text, setText] = useState(String(seller.commissionPercent));
  const [error, setError] = useState('');
  const [save, { isLoading }] = useSetSellerCommissionMutation();
  const inputId = useId();
  const errorId = useId();
  const unchanged = Number(text) === seller.commissionPercent;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = commissionProblem(text);
    setError(problem);
    if (problem) return;
    try {
      const { message } = await save({ sellerId: seller.id, commissionPercent: Number(text) }).unwrap();
      toast.success(message);
    } catch (failure) {
      setError(failureMessage(failure, 'The rate could not be saved. Please try again.'));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink-700">
        Commission (%)
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={MIN_COMMISSION_PERCENT}
          max={MAX_COMMISSION_PERCENT}
          step={1}
          className="input w-24"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
        />
        <button type="submit" className="btn-outline" disabled={isLoading || unchanged}>
          {isLoading ? 'Saving…' : 'Save rate'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
