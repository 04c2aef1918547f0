import type { ReactNode } from 'react';

/**
 * A labelled form field; the label is tied to the input (by `id`) for screen readers and clicks. An `error` shows
 * under it as `{id}-error`: the input names it in `aria-describedby` (with `aria-invalid`) so it is read out.
 */
export function Field({
  id,
  label,
  children,
  hint,
  error,
}: {
  id: string;
  label: string;
  children: ReactNode;
  hint?: string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-ink-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
