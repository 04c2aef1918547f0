import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MAX_COD_FEE, MAX_COD_LIMIT, formatRupees, type MarketplaceSettings } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useGetMarketplaceSettingsQuery, useSaveMarketplaceSettingsMutation } from '../../api/adminApi';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { Field } from '../../components/ui/Field';
import { ListSkeleton, LoadFailed } from './consoleParts';

const FIELDS = [
  {
    key: 'codLimit',
    label: 'Cash on delivery up to (₹)',
    hint: 'The largest order, goods and shipping, a shopper may pay in cash.',
    max: MAX_COD_LIMIT,
  },
  {
    key: 'codFee',
    label: 'Cash on delivery fee (₹)',
    hint: 'Added to each cash-on-delivery order; 0 for none.',
    max: MAX_COD_FEE,
  },
] as const;

type Draft = Record<keyof MarketplaceSettings, string>;

/** The settings the form describes, or the first field's problem. */
function settingsOf(draft: Draft): { settings: MarketplaceSettings } | { problem: string; field: string } {
  for (const { key, label, max } of FIELDS) {
    const text = draft[key].trim();
    if (!/^\d+$/.test(text) || Number(text) > max)
      return { field: key, problem: `${label.replace(' (₹)', '')}: whole rupees from 0 to ${max}.` };
  }
  return { settings: { codLimit: Number(draft.codLimit), codFee: Number(draft.codFee) } };
}

function SettingsForm({ saved }: { saved: MarketplaceSettings }) {
  const [draft, setDraft] = useState<Draft>({
    codLimit: String(saved.codLimit),
    codFee: String(saved.codFee),
  });
  const [problem, setProblem] = useState<{ field: string; problem: string } | null>(null);
  const [pending, setPending] = useState<MarketplaceSettings | null>(null);
  const [save, { isLoading }] = useSaveMarketplaceSettingsMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = settingsOf(draft);
    if ('problem' in result) setProblem(result);
    else setPending(result.settings);
  }

  async function confirm(settings: MarketplaceSettings) {
    try {
      toast.success((await save(settings).unwrap()).message ?? 'Settings saved');
    } catch (error) {
      toast.error(failureMessage(error));
    }
    setPending(null);
  }

  // The dialog is the form's sibling, not inside it: its own form's submit would otherwise submit this one too.
  return (
    <>
      <form className="card space-y-4 p-4 sm:p-5" onSubmit={submit} noValidate aria-labelledby="settings-cod">
        <h2 id="settings-cod" className="font-semibold text-ink-900">
          Cash on delivery
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(({ key, label, hint }) => (
            <Field
              key={key}
              id={`setting-${key}`}
              label={label}
              hint={hint}
              error={problem?.field === key ? problem.problem : undefined}
            >
              <input
                id={`setting-${key}`}
                className="input"
                inputMode="numeric"
                value={draft[key]}
                aria-invalid={problem?.field === key}
                aria-describedby={problem?.field === key ? `setting-${key}-error` : undefined}
                onChange={(event) => {
                  setDraft({ ...draft, [key]: event.target.value });
                  setProblem(null);
                }}
              />
            </Field>
          ))}
        </div>
        <p className="text-sm text-ink-500">
          Shoppers are offered cash on delivery only when every shop in the order accepts it (each seller
          turns it on in the seller center).
        </p>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isLoading}>
          Save settings
        </button>
      </form>
      {pending && (
        <ConfirmDialog
          title="Save the cash-on-delivery terms?"
          tone="primary"
          confirmLabel="Save settings"
          busy={isLoading}
          onCancel={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        >
          <p>
            Orders placed from now on may be paid in cash up to {formatRupees(pending.codLimit)}
            {pending.codFee > 0 ? `, with a ${formatRupees(pending.codFee)} fee` : ', with no fee'}. Orders
            already placed keep their terms.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The marketplace's settings (issue 19): the cash-on-delivery limit and fee, audited as `settings.change`. */
export default function AdminSettingsPage() {
  const { data, error, refetch } = useGetMarketplaceSettingsQuery();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Settings</h1>
        <p className="text-sm text-ink-500">The marketplace’s terms for shoppers and sellers.</p>
      </div>
      {error ? (
        <LoadFailed what="The settings" onRetry={refetch} />
      ) : !data ? (
        <ListSkeleton label="Loading the settings" rows={2} />
      ) : (
        <SettingsForm key={`${data.settings.codLimit}:${data.settings.codFee}`} saved={data.settings} />
      )}
    </div>
  );
}
