import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SizeSystem } from '@bazaar/shared/sizes';
import { VariantEditor } from './VariantEditor';
import { singleRow, toVariantsInput, type VariantRow } from './variantRows';

/** The editor with the state a page would keep; `latest` is what the page would send. */
function renderEditor(
  initial: { system: SizeSystem | null; rows: VariantRow[] } = { system: null, rows: [singleRow()] },
  errors: Record<string, string> = {},
) {
  const latest = { ...initial };
  function Page() {
    const [state, setState] = useState(initial);
    return (
      <VariantEditor
        system={state.system}
        rows={state.rows}
        errors={errors}
        onChange={(system, rows) => {
          Object.assign(latest, { system, rows });
          setState({ system, rows });
        }}
      />
    );
  }
  render(<Page />);
  return latest;
}

describe('variant editor', () => {
  it('picks a size chart, then sizes in run order, each with its stock and SKU, and totals the stock', async () => {
    const user = userEvent.setup();
    const latest = renderEditor();
    await user.selectOptions(screen.getByLabelText('Size chart'), 'apparel');
    expect(screen.queryByLabelText('Stock of One size')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'S' }));
    expect(screen.getByRole('button', { name: 'S' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'false');
    const rows = within(screen.getByRole('table'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual(['S', 'L', 'Total']);
    await user.type(screen.getByLabelText('Stock of S'), '4');
    await user.type(screen.getByLabelText('Stock of L'), '10');
    await user.type(screen.getByLabelText('SKU of L'), 'RD-L');
    expect(screen.getByTestId('total-stock')).toHaveTextContent('14 units');
    expect(toVariantsInput(latest.rows)).toEqual([
      { size: 'S', stock: 4 },
      { size: 'L', stock: 10, sku: 'RD-L' },
    ]);
    // Pressing a picked size again takes its row away.
    await user.click(screen.getByRole('button', { name: 'S' }));
    expect(toVariantsInput(latest.rows)).toEqual([{ size: 'L', stock: 10, sku: 'RD-L' }]);
  });

  it('switching to another chart keeps nothing of the old one; no sizes keeps one stock and the saved id', async () => {
    const user = userEvent.setup();
    const latest = renderEditor({
      system: 'apparel',
      rows: [
        { _id: 5, size: 'M', stock: '3', sku: 'A-M' },
        { _id: 6, size: 'L', stock: '2', sku: 'A-L' },
      ],
    });
    await user.selectOptions(screen.getByLabelText('Size chart'), 'No sizes (one stock)');
    expect(screen.getByLabelText('Stock of One size')).toHaveValue(3);
    expect(latest).toMatchObject({ system: null });
    // The sized variant's id is not carried over to the single stock: that is a new variant.
    expect(toVariantsInput(latest.rows)).toEqual([{ size: null, stock: 3, sku: 'A-M' }]);
    await user.selectOptions(screen.getByLabelText('Size chart'), 'waist');
    expect(latest.rows).toEqual([]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s messages on the field they are about', () => {
    renderEditor(
      {
        system: 'apparel',
        rows: [
          { size: 'S', stock: '1', sku: '' },
          { size: 'M', stock: '-2', sku: 'TAKEN' },
        ],
      },
      {
        variants: 'All sizes must come from one size chart',
        'variants.1.stock': 'Stock cannot be negative',
        'variants.1.sku': 'SKU TAKEN is already used by another product',
      },
    );
    const stock = screen.getByLabelText('Stock of M');
    expect(stock).toHaveAttribute('aria-invalid', 'true');
    expect(stock).toHaveAccessibleDescription('Stock cannot be negative');
    expect(screen.getByLabelText('SKU of M')).toHaveAccessibleDescription(
      'SKU TAKEN is already used by another product',
    );
    expect(screen.getByLabelText('Stock of S')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('All sizes must come from one size chart')).toBeInTheDocument();
  });
});
