import type { ReactNode } from 'react';

/** A column of a console table: its label, or a label with right-aligned (numeric) cells. */
export type TableColumn = string | { label: ReactNode; numeric?: boolean };

/**
 * The header row of the consoles' dense tables (seller center, admin, operators): small upper-case labels over a
 * rule. `inset` pads every cell on both sides (tables on a card); otherwise cells are flush left with a gutter.
 */
export function TableHead({ columns, inset = false }: { columns: TableColumn[]; inset?: boolean }) {
  return (
    <thead className="border-b border-line text-xs tracking-wide text-ink-500 uppercase">
      <tr>
        {columns.map((column, index) => {
          const { label, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
          const padding = inset ? 'px-3 py-2' : index < columns.length - 1 ? 'py-2 pr-3' : 'py-2';
          return (
            <th key={index} scope="col" className={`${padding} font-semibold ${numeric ? 'text-right' : ''}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
