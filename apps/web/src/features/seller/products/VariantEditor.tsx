import { useId } from 'react';
import { MAX_VARIANT_STOCK } from '@bazaar/shared';
import { SIZE_SYSTEM_KEYS, SIZE_SYSTEMS, isSizeSystem, type SizeSystem } from '@bazaar/shared/sizes';
import { FieldError } from './FieldError';
import { switchSystem, toggleSize, totalStock, updateRow, type VariantRow } from './variantRows';

/**
 * Sizes & stock: pick a size chart, then the sizes sold, each with its stock and SKU; or, with no sizes, one stock
 * for the product. `errors` are the server's, by field path (`variants.1.stock`; `variants` for the whole list).
 */
export function VariantEditor({
  system,
  rows,
  errors,
  onChange,
}: {
  system: SizeSystem | null;
  rows: VariantRow[];
  errors: Record<string, string>;
  onChange: (system: SizeSystem | null, rows: VariantRow[]) => void;
}) {
  const id = useId();
  const sizesLegend = `${id}-sizes`;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-system`} className="mb-1.5 block text-sm font-medium text-ink-700">
          Size chart
        </label>
        <select
          id={`${id}-system`}
          className="input sm:max-w-xs"
          value={system ?? ''}
          onChange={(event) => {
            const next = isSizeSystem(event.target.value) ? event.target.value : null;
            onChange(next, switchSystem(rows, next));
          }}
        >
          <option value="">No sizes (one stock)</option>
          {SIZE_SYSTEM_KEYS.map((key) => (
            <option key={key} value={key}>
              {SIZE_SYSTEMS[key].label}
            </option>
          ))}
        </select>
      </div>

      {system && (
        <fieldset>
          <legend id={sizesLegend} className="mb-1.5 text-sm font-medium text-ink-700">
            Sizes sold
          </legend>
          <div className="flex flex-wrap gap-2">
            {(SIZE_SYSTEMS[system].sizes as readonly string[]).map((size) => {
              const on = rows.some((row) => row.size === size);
              return (
                <button
                  key={size}
                  type="button"
                  aria-pressed={on}
                  onClick={() => onChange(system, toggleSize(rows, system, size))}
                  className={`min-w-11 rounded-lg border px-3 py-1.5 text-sm font-semibold ${
                    on
                      ? 'border-brand-600 bg-brand-50 text-brand-700'
                      : 'border-line text-ink-700 hover:border-ink-500'
                  }`}
                >
                  {size}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}

      <FieldError id={`${id}-variants-error`} message={errors.variants} />

      {rows.length > 0 && (
        <table className="w-full text-sm">
          <caption className="sr-only">Stock and SKU per size</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-ink-500">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Size
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Stock
              </th>
              <th scope="col" className="py-1 font-semibold">
                SKU <span className="font-normal normal-case">(blank: made for you)</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = row.size ?? 'One size';
              const stockError = errors[`variants.${index}.stock`];
              const skuError = errors[`variants.${index}.sku`] ?? errors[`variants.${index}.size`];
              return (
                <tr key={row.size ?? 'single'} className="border-t border-line align-top">
                  <th scope="row" className="py-2 pr-3 font-semibold text-ink-900">
                    {label}
                  </th>
                  <td className="py-2 pr-3">
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_VARIANT_STOCK}
                      step={1}
                      className="input w-24"
                      aria-label={`Stock of ${label}`}
                      aria-invalid={stockError ? true : undefined}
                      aria-describedby={stockError ? `${id}-${index}-stock-error` : undefined}
                      value={row.stock}
                      onChange={(event) =>
                        onChange(system, updateRow(rows, index, { stock: event.target.value }))
                      }
                    />
                    <FieldError id={`${id}-${index}-stock-error`} message={stockError} />
                  </td>
                  <td className="py-2">
                    <input
                      className="input w-full min-w-32 font-mono"
                      aria-label={`SKU of ${label}`}
                      aria-invalid={skuError ? true : undefined}
                      aria-describedby={skuError ? `${id}-${index}-sku-error` : undefined}
                      value={row.sku}
                      maxLength={64}
                      onChange={(event) =>
                        onChange(system, updateRow(rows, index, { sku: event.target.value }))
                      }
                    />
                    <FieldError id={`${id}-${index}-sku-error`} message={skuError} />
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t border-line">
              <th scope="row" className="py-2 pr-3 text-left font-semibold text-ink-700">
                Total
              </th>
              <td colSpan={2} className="py-2 font-semibold text-ink-900" data-testid="total-stock">
                {totalStock(rows).toLocaleString('en-IN')} units
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}
