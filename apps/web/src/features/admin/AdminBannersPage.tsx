import { useId, useState } from 'react';
import type { AdminBanner, BannerFieldsInput } from '@bazaar/shared';
import {
  useBannerImageMutation,
  useCreateBannerMutation,
  useDeleteBannerMutation,
  useEditBannerMutation,
  useGetAdminBannersQuery,
  useHideBannerMutation,
  usePositionBannerMutation,
} from '../../api/adminCatalogueApi';
import { Badge } from '../../components/ui/Badge';
import { MerchandisePage, RowActions, Thumbnail, useChange, type RowCalls } from './merchandiseParts';

const EMPTY: BannerFieldsInput = { heading: '', description: '', buttonText: 'Shop now', link: '/shops' };

const FIELDS: { key: keyof BannerFieldsInput; label: string; max: number }[] = [
  { key: 'heading', label: 'Heading', max: 80 },
  { key: 'description', label: 'Description', max: 200 },
  { key: 'buttonText', label: 'Button text', max: 30 },
  { key: 'link', label: 'Link (a path on the shop)', max: 200 },
];

/** A banner's texts and link, for a new banner or an edit. */
function BannerForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: BannerFieldsInput;
  submitLabel: string;
  onSubmit: (fields: BannerFieldsInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const id = useId();
  return (
    <form
      className="grid gap-2 sm:grid-cols-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await onSubmit(fields)) && !onCancel) setFields(EMPTY);
      }}
    >
      {FIELDS.map(({ key, label, max }) => (
        <div key={key} className="space-y-1">
          <label htmlFor={`${id}-${key}`} className="text-xs font-semibold text-ink-700">
            {label}
          </label>
          <input
            id={`${id}-${key}`}
            className="input h-9"
            required
            maxLength={max}
            value={fields[key]}
            onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
          />
        </div>
      ))}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary h-9 py-0">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-outline h-9 py-0" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function BannerCard({
  banner,
  index,
  count,
  run,
}: {
  banner: AdminBanner;
  index: number;
  count: number;
  run: ReturnType<typeof useChange>['run'];
}) {
  const [editing, setEditing] = useState(false);
  const [edit] = useEditBannerMutation();
  const calls: RowCalls = {
    position: usePositionBannerMutation()[0],
    hide: useHideBannerMutation()[0],
    image: useBannerImageMutation()[0],
    remove: useDeleteBannerMutation()[0],
  };
  const { id, heading: name } = banner;
  return (
    <li className="card flex flex-col gap-3 p-3 sm:flex-row">
      <Thumbnail src={banner.path} className="aspect-[8/3] w-full shrink-0 sm:w-56" />
      <div className="min-w-0 flex-1 space-y-2">
        {editing ? (
          <BannerForm
            initial={banner}
            submitLabel="Save banner"
            onCancel={() => setEditing(false)}
            onSubmit={async (fields) => {
              const saved = await run(() => edit({ id, ...fields }).unwrap());
              if (saved) setEditing(false);
              return saved;
            }}
          />
        ) : (
          <div>
            <p className="flex flex-wrap items-center gap-2 font-bold text-ink-900">
              {banner.heading}
              {banner.hidden && <Badge tone="neutral">Hidden</Badge>}
            </p>
            <p className="text-sm text-ink-700">{banner.description}</p>
            <p className="text-xs text-ink-500">
              “{banner.buttonText}” → {banner.link}
            </p>
          </div>
        )}
        <RowActions
          row={{ id, name, hidden: banner.hidden }}
          index={index}
          count={count}
          calls={calls}
          run={run}
          editLabel="Edit"
          onEdit={editing ? undefined : () => setEditing(true)}
          deletion={{ note: 'The banner and its picture go for good.' }}
        />
      </div>
    </li>
  );
}

/**
 * The banners `GET /api/getallbannerItems` serves (issue 17): only shown ones, in this order. A new banner starts
 * hidden, so it reaches shoppers only once it has its picture and is shown.
 */
export default function AdminBannersPage() {
  const { data, isLoading, isError, refetch } = useGetAdminBannersQuery();
  const [create] = useCreateBannerMutation();
  const { notice, run } = useChange();
  const banners = data?.banners ?? [];
  return (
    <MerchandisePage
      title="Banners"
      intro="Shown banners reach the storefront in this order; the home page's hero keeps its fixed slides."
      creator={
        <details className="card p-3">
          <summary className="cursor-pointer text-sm font-semibold text-ink-900">New banner</summary>
          <div className="pt-3">
            <BannerForm
              initial={EMPTY}
              submitLabel="Create banner"
              onSubmit={(fields) => run(() => create(fields).unwrap())}
            />
          </div>
        </details>
      }
      notice={notice}
      list={{ isLoading, isError, refetch, rows: 3 }}
    >
      {banners.length === 0 ? (
        <p className="card p-4 text-sm text-ink-500">No banners yet.</p>
      ) : (
        <ul className="space-y-3">
          {banners.map((banner, index) => (
            <BannerCard key={banner.id} banner={banner} index={index} count={banners.length} run={run} />
          ))}
        </ul>
      )}
    </MerchandisePage>
  );
}
