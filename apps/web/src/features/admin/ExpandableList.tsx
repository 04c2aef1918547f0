import { Fragment, useId, useState, type ReactNode } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { TableHead, type TableColumn } from '../../components/console/TableHead';
import { useWideScreen } from './useWideScreen';

/** Shows or hides one row's details in place; a table row and a phone card share it. */
function DetailsToggle({
  name,
  open,
  controls,
  onToggle,
}: {
  /** Whose details, for screen readers ("Details of …"). */
  name: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  // Two icons, not one rotated: a turn caught half-way (a screenshot, a slow phone) looks like a stray glyph.
  const Icon = open ? ChevronUp : ChevronDown;
  return (
    <button
      type="button"
      className="btn-outline px-2.5 py-1.5 text-sm"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      Details<span className="sr-only"> of {name}</span>
    </button>
  );
}

/** What a phone card shows of an item above its Details button. */
export interface ItemCard {
  title: string;
  subtitle: string;
  badge: ReactNode;
  summary: ReactNode;
}

/**
 * The admin console's people lists (sellers, customers): a dense table on wide screens, cards on a phone, each item's
 * details opening in place under it, one at a time. Only one layout is rendered (see `useWideScreen`). Give it a
 * `key` that changes with the list's filters and page, so a new list starts with everything closed.
 */
export function ExpandableList<Item extends { id: number }>({
  items,
  caption,
  columns,
  nameOf,
  cells,
  card,
  details,
}: {
  items: readonly Item[];
  /** The table's name, for screen readers. */
  caption: string;
  /** The table's columns; the last, the Details buttons', is added. */
  columns: TableColumn[];
  nameOf: (item: Item) => string;
  /** A table row's cells, the row header first, one per column. */
  cells: (item: Item) => ReactNode;
  card: (item: Item) => ItemCard;
  details: (item: Item) => ReactNode;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const detailsId = useId();
  const wide = useWideScreen();
  const toggleOf = (item: Item) => (
    <DetailsToggle
      name={nameOf(item)}
      open={openId === item.id}
      controls={`${detailsId}-${item.id}`}
      onToggle={() => setOpenId((current) => (current === item.id ? null : item.id))}
    />
  );

  if (wide)
    return (
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <TableHead inset columns={[...columns, { label: <span className="sr-only">Details</span> }]} />
          <tbody>
            {items.map((item) => (
              <Fragment key={item.id}>
                <tr className="border-b border-line last:border-0 hover:bg-canvas">
                  {cells(item)}
                  <td className="px-3 py-2 text-right">{toggleOf(item)}</td>
                </tr>
                {openId === item.id && (
                  <tr id={`${detailsId}-${item.id}`} className="border-b border-line bg-canvas">
                    <td colSpan={columns.length + 1} className="px-3 py-4">
                      {details(item)}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <ul className="space-y-2">
      {items.map((item) => {
        const { title, subtitle, badge, summary } = card(item);
        return (
          <li key={item.id} className="card space-y-2 p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-ink-900">{title}</p>
                <p className="truncate text-xs text-ink-500">{subtitle}</p>
              </div>
              {badge}
            </div>
            <p className="text-xs text-ink-500">{summary}</p>
            {toggleOf(item)}
            {openId === item.id && (
              <div id={`${detailsId}-${item.id}`} className="border-t border-line pt-3">
                {details(item)}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
