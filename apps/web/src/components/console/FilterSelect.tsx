import { useId, type ReactNode } from 'react';

/** One of a console list's filters: a labelled select whose first choice is "any" (the empty value). */
export function FilterSelect({
  label,
  value,
  anyLabel,
  onChange,
  children,
}: {
  label: string;
  value: string | number | undefined;
  anyLabel: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{anyLabel}</option>
        {children}
      </select>
    </div>
  );
}
