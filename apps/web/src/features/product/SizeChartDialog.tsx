import { useEffect, useId, useRef, useState } from 'react';
import { X } from 'lucide-react';
import type { SizeChart } from '@bazaar/shared';
import { centimetresToInches } from '@bazaar/shared/sizes';

type Unit = 'cm' | 'in';

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * The product's size chart (issue 15) as a modal dialog: body measurements per size in centimetres or inches, the
 * chosen size's row marked, and how to measure. A native modal <dialog> keeps the page behind it out of reach;
 * Tab and Shift+Tab also wrap around inside it (rather than leaving for the browser's own controls), Escape, the
 * close button or a click on the backdrop close it, and focus goes back to what opened it.
 */
export function SizeChartDialog({
  chart,
  selectedSize,
  onClose,
}: {
  chart: SizeChart;
  selectedSize: string | null;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [unit, setUnit] = useState<Unit>('cm');

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

  // Keys and backdrop clicks are heard on the dialog element itself (native listeners: the element is not one that
  // JSX expects handlers on).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Handled here rather than by the dialog's own cancel, so the page's state closes it (jsdom agrees).
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    // A click on the backdrop lands on the dialog element itself; clicks inside land on its content.
    const onClick = (event: MouseEvent) => {
      if (event.target === element) onClose();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('click', onClick);
    element.addEventListener('cancel', onCancel);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('click', onClick);
      element.removeEventListener('cancel', onCancel);
    };
  }, [onClose]);

  const show = (cm: number) => (unit === 'cm' ? cm : centimetresToInches(cm));
  const unitButton = (value: Unit, label: string) => (
    <button
      type="button"
      aria-pressed={unit === value}
      onClick={() => setUnit(value)}
      className={`rounded-pill px-3 py-1 text-xs font-semibold transition ${
        unit === value ? 'bg-ink-900 text-white' : 'text-ink-700 hover:text-ink-900'
      }`}
    >
      {label}
    </button>
  );

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto max-h-[min(40rem,calc(100dvh-2rem))] w-[min(34rem,calc(100vw-1.5rem))] rounded-card p-0 text-left shadow-raised backdrop:bg-ink-900/50"
    >
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold text-ink-900">
            {chart.title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close size chart"
            className="-m-1 rounded-full p-1 text-ink-500 hover:bg-canvas hover:text-ink-900"
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-ink-500">
            Body measurements in {unit === 'cm' ? 'centimetres' : 'inches'}
          </p>
          <div role="group" aria-label="Unit" className="inline-flex rounded-pill border border-line p-0.5">
            {unitButton('cm', 'cm')}
            {unitButton('in', 'inches')}
          </div>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">
              {chart.title} in {unit === 'cm' ? 'centimetres' : 'inches'}
            </caption>
            <thead>
              <tr className="border-b border-line text-left text-xs uppercase tracking-wide text-ink-500">
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Size
                </th>
                {chart.measurements.map((measurement) => (
                  <th key={measurement} scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                    {measurement}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => {
                const chosen = row.size === selectedSize;
                return (
                  <tr
                    key={row.size}
                    aria-current={chosen ? 'true' : undefined}
                    className={`border-b border-line last:border-0 ${chosen ? 'bg-brand-50 font-semibold text-brand-700' : 'text-ink-700'}`}
                  >
                    <th scope="row" className="py-2 pr-2 text-left font-semibold text-ink-900">
                      {row.size}
                    </th>
                    {row.cm.map((cm, index) => (
                      <td
                        key={chart.measurements[index]}
                        className="px-2 py-2 text-right tabular-nums sm:px-3"
                      >
                        {show(cm)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <section aria-label="How to measure" className="rounded-card bg-canvas p-3 text-sm text-ink-700">
          <h3 className="mb-1 text-xs font-bold uppercase tracking-wide text-ink-900">How to measure</h3>
          <p>{chart.howToMeasure}</p>
        </section>
      </div>
    </dialog>
  );
}
