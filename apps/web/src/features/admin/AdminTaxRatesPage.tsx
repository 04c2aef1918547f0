import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import { MAX_GST_RATE_PERCENT, type HsnRate, type HsnRateChange } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useChangeTaxRateMutation, useGetTaxRatesQuery } from '../../api/adminApi';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { ListSkeleton, LoadFailed } from './consoleParts';
import { formatWhen } from './formatWhen';

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;

/** "5 % up to ₹2,500 a piece, 18 % above", or "18 %". */
function rateSummary(rate: Pick<HsnRate, 'ratePercent' | 'highRatePercent' | 'slabLimit'>): string {
  if (rate.highRatePercent === null || rate.slabLimit === null) return `${rate.ratePercent} %`;
  return `${rate.ratePercent} % up to ${rupees(rate.slabLimit)} a piece, ${rate.highRatePercent} % above`;
}

interface Draft {
  description: string;
  ratePercent: string;
  highRatePercent: string;
  slabLimit: string;
}

const draftOf = (rate: HsnRate): Draft => ({
  description: rate.description,
  ratePercent: String(rate.ratePercent),
  highRatePercent: rate.highRatePercent === null ? '' : String(rate.highRatePercent),
  slabLimit: rate.slabLimit === null ? '' : String(rate.slabLimit),
});

const isPercent = (text: string) =>
  /^\d+$/.test(text) && Number(text) >= 0 && Number(text) <= MAX_GST_RATE_PERCENT;

/** The change the form describes, or why it cannot be saved. */
function changeOf(draft: Draft): { change: HsnRateChange } | { problem: string } {
  if (!draft.description.trim()) return { problem: 'Describe the goods.' };
  if (!isPercent(draft.ratePercent))
    return { problem: `Use a whole rate from 0 to ${MAX_GST_RATE_PERCENT} %.` };
  const slab = draft.highRatePercent.trim() !== '' || draft.slabLimit.trim() !== '';
  if (slab && (!isPercent(draft.highRatePercent) || !/^[1-9]\d*$/.test(draft.slabLimit)))
    return { problem: 'Give both the higher rate and the value a piece above which it applies, or neither.' };
  return {
    change: {
      description: draft.description.trim(),
      ratePercent: Number(draft.ratePercent),
      highRatePercent: slab ? Number(draft.highRatePercent) : null,
      slabLimit: slab ? Number(draft.slabLimit) : null,
    },
  };
}

const FIELDS: { key: keyof Draft; label: string; hint?: string; numeric: boolean }[] = [
  { key: 'description', label: 'Goods', numeric: false },
  { key: 'ratePercent', label: 'Rate (%)', numeric: true },
  { key: 'highRatePercent', label: 'Higher rate (%)', hint: 'Leave empty for one rate', numeric: true },
  { key: 'slabLimit', label: 'Above (₹ a piece, before tax)', numeric: true },
];

/** One HSN code's rate, edited in place; saving asks first, as every invoice from then on uses it. */
function RateEditor({ rate, onDone }: { rate: HsnRate; onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(rate));
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState<HsnRateChange | null>(null);
  const [save, { isLoading }] = useChangeTaxRateMutation();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = changeOf(draft);
    if ('problem' in result) setProblem(result.problem);
    else setPending(result.change);
  }

  async function confirm(change: HsnRateChange) {
    try {
      const { message } = await save({ hsnCode: rate.hsnCode, ...change }).unwrap();
      toast.success(message);
      onDone();
    } catch (failure) {
      setPending(null);
      setProblem(failureMessage(failure, 'The rate could not be saved. Please try again.'));
    }
  }

  // The confirmation is a form of its own, so it sits beside this one, not inside.
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        className="mt-3 space-y-3"
        aria-label={`Edit the rate of HSN ${rate.hsnCode}`}
      >
        <div className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_1.4fr]">
          {FIELDS.map(({ key, label, hint, numeric }) => (
            <div key={key} className="space-y-1">
              <label htmlFor={`${id}-${key}`} className="text-xs font-semibold text-ink-700">
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                className="input"
                inputMode={numeric ? 'numeric' : undefined}
                placeholder={hint}
                maxLength={numeric ? 8 : 200}
                value={draft[key]}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => {
                  setDraft({ ...draft, [key]: e.target.value });
                  setProblem('');
                }}
              />
            </div>
          ))}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex gap-2">
          <button type="submit" className="btn-primary" disabled={isLoading}>
            Save rate
          </button>
          <button type="button" className="btn-outline" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
      {pending && (
        <ConfirmDialog
          title={`Change the GST rate of HSN ${rate.hsnCode}?`}
          confirmLabel="Change rate"
          tone="primary"
          busy={isLoading}
          onCancel={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        >
          <p>
            From now on, tax invoices charge <strong>{rateSummary(pending)}</strong> on {pending.description}{' '}
            (now {rateSummary(rate)}). Invoices already issued keep the rate they were issued with.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * /admin/tax-rates: the GST rate of each HSN code that products are invoiced under (issue 17). Every change is
 * audited; invoices already issued keep their rates.
 */
export default function AdminTaxRatesPage() {
  const { data, error, refetch } = useGetTaxRatesQuery();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-lg font-bold text-ink-900 lg:text-xl">GST rates</h1>
        <p className="text-sm text-ink-500">
          The rate tax invoices charge for each HSN code. Prices include GST; apparel and footwear change rate
          above a value a piece.
        </p>
      </div>
      {error ? (
        <LoadFailed what="The GST rates" onRetry={refetch} />
      ) : !data ? (
        <ListSkeleton label="Loading the GST rates" rows={8} />
      ) : (
        <ul className="card divide-y divide-line text-sm" data-testid="tax-rates">
          {data.rates.map((rate) => (
            <li key={rate.hsnCode} className="p-3" data-hsn={rate.hsnCode}>
              <div className="grid items-center gap-1 md:grid-cols-[5rem_1fr_1.4fr_9rem_auto] md:gap-3">
                <p className="font-mono font-semibold text-ink-900">{rate.hsnCode}</p>
                <p className="text-ink-700">{rate.description}</p>
                <p className="font-semibold text-ink-900" data-testid="rate-summary">
                  {rateSummary(rate)}
                </p>
                <p className="text-xs text-ink-500">
                  Changed <time dateTime={rate.updatedAt}>{formatWhen(rate.updatedAt)}</time>
                </p>
                {editing !== rate.hsnCode && (
                  <button
                    type="button"
                    className="btn-outline justify-self-start px-3"
                    onClick={() => setEditing(rate.hsnCode)}
                    aria-label={`Edit the rate of HSN ${rate.hsnCode}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    <span className="md:sr-only lg:not-sr-only">Edit</span>
                  </button>
                )}
              </div>
              {editing === rate.hsnCode && <RateEditor rate={rate} onDone={() => setEditing(null)} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
