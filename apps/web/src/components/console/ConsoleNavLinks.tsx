import type { Ref } from 'react';
import { NavLink } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';

/** One page of a console's navigation. */
export interface ConsoleNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only the exact path counts as current (a console's home would otherwise match every page). */
  end?: boolean;
}

/** A link's classes: its `layout`, and the brand's highlight on the current page's. */
export const highlightedLink =
  (layout: string) =>
  ({ isActive }: { isActive: boolean }) =>
    `${layout} ${isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-canvas hover:text-ink-900'}`;

/**
 * A console's pages as a list of links, each with its icon; React Router marks the current page's link
 * (`aria-current="page"`) and gives `linkClassName` its state. `onChoose` runs when a page is chosen (a panel
 * closes).
 */
export function ConsoleNavLinks({
  items,
  listRef,
  id,
  className,
  itemClassName,
  linkClassName,
  iconClassName = 'h-4 w-4',
  onChoose,
}: {
  items: readonly ConsoleNavItem[];
  listRef?: Ref<HTMLUListElement>;
  id?: string;
  className: string;
  itemClassName?: string;
  linkClassName: (state: { isActive: boolean }) => string;
  iconClassName?: string;
  onChoose?: () => void;
}) {
  return (
    <ul ref={listRef} id={id} className={className}>
      {items.map(({ to, label, icon: Icon, end }) => (
        <li key={to} className={itemClassName}>
          <NavLink to={to} end={end} className={linkClassName} onClick={onChoose}>
            <Icon className={iconClassName} aria-hidden="true" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
