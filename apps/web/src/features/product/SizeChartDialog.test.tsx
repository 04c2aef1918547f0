import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sizeChartFor } from '@bazaar/shared';
import { SizeChartDialog } from './SizeChartDialog';

/** The product page's use: a link opens the dialog, closing it unmounts it. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Size chart
      </button>
      <a href="#reviews">Reviews</a>
      {open && (
        <SizeChartDialog chart={sizeChartFor('apparel')} selectedSize="M" onClose={() => setOpen(false)} />
      )}
    </>
  );
}

async function openChart() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Size chart' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Apparel size chart' }) };
}

const rowOf = (size: string) => screen.getByRole('rowheader', { name: size }).closest('tr')!;

describe('size chart dialog', () => {
  it('shows every size in centimetres, the chosen size marked, and how to measure', async () => {
    const { dialog } = await openChart();
    expect(within(dialog).getByRole('columnheader', { name: 'Chest' })).toBeInTheDocument();
    expect(within(dialog).getByRole('table')).toHaveAccessibleName('Apparel size chart in centimetres');
    expect(
      within(rowOf('M'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['97', '81', '44', '71']);
    expect(rowOf('M')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('L')).not.toHaveAttribute('aria-current');
    expect(within(dialog).getAllByRole('rowheader')).toHaveLength(7);
    expect(within(dialog).getByRole('region', { name: 'How to measure' })).toHaveTextContent(
      'around the fullest part',
    );
  });

  it('switches to inches (one decimal) and back', async () => {
    const { user, dialog } = await openChart();
    await user.click(within(dialog).getByRole('button', { name: 'inches', pressed: false }));
    expect(within(dialog).getByRole('table')).toHaveAccessibleName('Apparel size chart in inches');
    expect(within(dialog).getByText('Body measurements in inches')).toBeInTheDocument();
    // 97 cm, 81 cm, 44 cm, 71 cm
    expect(
      within(rowOf('M'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['38.2', '31.9', '17.3', '28']);
    await user.click(within(dialog).getByRole('button', { name: 'cm', pressed: false }));
    expect(within(rowOf('M')).getAllByRole('cell')[0]).toHaveTextContent('97');
  });

  it('keeps Tab inside the dialog and closes on Escape, giving focus back to the opener', async () => {
    const { user, dialog } = await openChart();
    const close = within(dialog).getByRole('button', { name: 'Close size chart' });
    expect(close).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'inches' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'inches' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Size chart' })).toHaveFocus();
  });

  it('closes with its close button', async () => {
    const { user, dialog } = await openChart();
    await user.click(within(dialog).getByRole('button', { name: 'Close size chart' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
