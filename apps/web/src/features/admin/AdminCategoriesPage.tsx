import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminCategory, AdminCategoryGroup } from '@bazaar/shared';
import {
  useCategoryImageMutation,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useGetAdminCategoriesQuery,
  useHideCategoryMutation,
  useMoveCategoryMutation,
  usePositionCategoryMutation,
  useRenameCategoryMutation,
} from '../../api/adminCatalogueApi';
import { Badge } from '../../components/ui/Badge';
import { MerchandisePage, RowActions, Thumbnail, useChange, type RowCalls } from './merchandiseParts';

/** One line of text and a button: a new group's or subcategory's name, or a new name. */
function NameForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (name: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onSubmit(name.trim())) setName('');
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className="input h-9 min-w-0 flex-1 basis-40"
        placeholder={label}
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="btn-primary h-9 py-0" disabled={name.trim().length < 2}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="btn-outline h-9 py-0" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

interface Actions {
  groups: AdminCategoryGroup[];
  run: ReturnType<typeof useChange>['run'];
}

/** A group's or a subcategory's line: picture, name, slug, products, state and every action on it. */
function CategoryRow({
  category,
  index,
  count,
  groups,
  run,
}: { category: AdminCategory; index: number; count: number } & Actions) {
  const [renaming, setRenaming] = useState(false);
  const [rename] = useRenameCategoryMutation();
  const [move] = useMoveCategoryMutation();
  const calls: RowCalls = {
    position: usePositionCategoryMutation()[0],
    hide: useHideCategoryMutation()[0],
    image: useCategoryImageMutation()[0],
    remove: useDeleteCategoryMutation()[0],
  };
  const { id, name } = category;
  const isGroup = category.parentId === null;
  const children = isGroup ? (groups.find((g) => g.id === id)?.subcategories.length ?? 0) : 0;
  const blocker =
    category.productCount > 0
      ? `It has ${category.productCount.toLocaleString('en-IN')} products, so it cannot be deleted: hide it instead.`
      : children > 0
        ? 'It still has subcategories: move or delete them first, or hide the group.'
        : null;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      <Thumbnail src={category.image} className={isGroup ? 'h-12 w-12' : 'h-10 w-10'} />
      <div className="min-w-0 flex-1 basis-40">
        {renaming ? (
          <NameForm
            label={`New name for ${name}`}
            submitLabel="Save"
            initial={name}
            onCancel={() => setRenaming(false)}
            onSubmit={async (next) => {
              const saved = await run(() => rename({ id, name: next }).unwrap());
              if (saved) setRenaming(false);
              return saved;
            }}
          />
        ) : (
          <>
            <p
              className={`flex flex-wrap items-center gap-2 ${isGroup ? 'text-base font-bold' : 'text-sm font-semibold'} text-ink-900`}
            >
              {name}
              {category.hidden && <Badge tone="neutral">Hidden</Badge>}
            </p>
            <p className="text-xs text-ink-500">
              /{category.slug} ·{' '}
              {isGroup
                ? `${children} subcategories`
                : `${category.productCount.toLocaleString('en-IN')} products`}
            </p>
          </>
        )}
      </div>
      <RowActions
        row={{ id, name, hidden: category.hidden }}
        index={index}
        count={count}
        calls={calls}
        run={run}
        editLabel="Rename"
        onEdit={renaming ? undefined : () => setRenaming(true)}
        deletion={{
          note: blocker ?? 'It leaves the console for good; shoppers never saw products in it.',
          blocked: blocker !== null,
        }}
      >
        {!isGroup && (
          <select
            className="input h-9 w-auto py-0 text-sm"
            aria-label={`Move ${name} to another group`}
            value=""
            onChange={(event) => run(() => move({ id, parentId: Number(event.target.value) }).unwrap())}
          >
            <option value="">Move to…</option>
            {groups
              .filter((group) => group.id !== category.parentId)
              .map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
          </select>
        )}
      </RowActions>
    </div>
  );
}

/**
 * The storefront's category tree (issue 17): groups (the header's Mens, Women, …) and their subcategories, in
 * storefront order. Hidden ones leave the storefront's navigation, home sections and listings with their products.
 */
export default function AdminCategoriesPage() {
  const { data, isLoading, isError, refetch } = useGetAdminCategoriesQuery();
  const [create] = useCreateCategoryMutation();
  const { notice, run } = useChange();
  const groups = data?.groups ?? [];

  return (
    <MerchandisePage
      title="Categories"
      intro={
        <>
          Hiding takes a category and its products off the storefront&apos;s menus, home page and listings;
          their product pages stay reachable. Renaming keeps the link (/shops?category=slug).
        </>
      }
      creator={
        <div className="card p-3">
          <NameForm
            label="New group, e.g. Kids"
            submitLabel="Add group"
            onSubmit={(name) => run(() => create({ name }).unwrap())}
          />
        </div>
      }
      notice={notice}
      list={{ isLoading, isError, refetch, rows: 6 }}
    >
      {groups.map((group, index) => (
        <section key={group.id} aria-label={group.name} className="card divide-y divide-line px-3">
          <CategoryRow category={group} index={index} count={groups.length} groups={groups} run={run} />
          <ul className="divide-y divide-line pl-2 sm:pl-6">
            {group.subcategories.map((sub, subIndex) => (
              <li key={sub.id}>
                <CategoryRow
                  category={sub}
                  index={subIndex}
                  count={group.subcategories.length}
                  groups={groups}
                  run={run}
                />
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-2 py-2 pl-2 sm:pl-6">
            <Plus className="h-4 w-4 shrink-0 text-ink-500" aria-hidden="true" />
            <div className="flex-1">
              <NameForm
                label={`New subcategory in ${group.name}`}
                submitLabel="Add"
                onSubmit={(name) => run(() => create({ name, parentId: group.id }).unwrap())}
              />
            </div>
          </div>
        </section>
      ))}
    </MerchandisePage>
  );
}
