import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VariantDto } from '@bazaar/shared';
import { SizePicker, type SizePickerHandle } from './SizePicker';

const variant = (_id: number, size: string, stock: number): VariantDto => ({
  _id,
  sku: `K-${size}`,
  size,
  colour: 'Navy Blue',
  stock,
});

// Sent out of size-run order on purpose: the chips put them in order.
const variants = [
  variant(3, 'L', 0),
  variant(1, 'S', 2),
  variant(4, 'XL', 12),
  variant(2, 'M', 3),
  variant(5, 'XS', 4),
];

/** The product page's use: it keeps the choice, and on Add without a size sets `missing` and moves focus. */
function Page({ onSizeChart }: { onSizeChart?: () => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const picker = useRef<SizePickerHandle>(null);
  return (
    <>
      <SizePicker
        ref={picker}
        variants={variants}
        selectedId={selected}
        onSelect={(id) => {
          setSelected(id);
          setMissing(false);
        }}
        missing={missing}
        onSizeChart={onSizeChart}
      />
      <button
        type="button"
        onClick={() => {
          if (selected === null) {
            setMissing(true);
            picker.current?.focus();
          }
        }}
      >
        Add To Cart
      </button>
      <output aria-label="Chosen">{selected ?? 'none'}</output>
    </>
  );
}

const chosen = () => screen.getByRole('status', { name: 'Chosen' });

describe('size chips', () => {
  it('lists the sizes in size-run order, the sold-out one crossed and not selectable', async () => {
    render(<Page />);
    const group = screen.getByRole('group', { name: 'Select Size' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'XS',
      'S',
      'M',
      'L, sold out',
      'XL',
    ]);
    const soldOut = screen.getByRole('radio', { name: 'L, sold out' });
    expect(soldOut).toBeDisabled();
    await userEvent.setup().click(soldOut);
    expect(chosen()).toHaveTextContent('none');
  });

  it('says "Only N left" under a size with 3 or fewer, and nothing for more', () => {
    render(<Page />);
    expect(screen.getByRole('radio', { name: 'S' })).toHaveAccessibleDescription('Only 2 left');
    expect(screen.getByRole('radio', { name: 'M' })).toHaveAccessibleDescription('Only 3 left');
    expect(screen.getByRole('radio', { name: 'XS' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Only 0 left')).not.toBeInTheDocument();
    expect(screen.queryByText('Only 12 left')).not.toBeInTheDocument();
  });

  it('chooses a size by click and by arrow keys, skipping the sold-out one', async () => {
    render(<Page />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(chosen()).toHaveTextContent('2');
    expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(chosen()).toHaveTextContent('4');
    expect(screen.getByRole('radio', { name: 'XL' })).toHaveFocus();
  });

  it('asks "Select a size" and takes focus when Add is pressed without one; choosing clears it', async () => {
    render(<Page />);
    const user = userEvent.setup();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select a size');
    expect(screen.getByRole('group', { name: 'Select Size' })).toHaveAccessibleDescription('Select a size');
    expect(screen.getByRole('radio', { name: 'XS' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(chosen()).toHaveTextContent('1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the size chart only when there is one', async () => {
    const open = vi.fn();
    const { unmount } = render(<Page onSizeChart={open} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Size chart' }));
    expect(open).toHaveBeenCalledTimes(1);
    unmount();
    render(<Page />);
    expect(screen.queryByRole('button', { name: 'Size chart' })).not.toBeInTheDocument();
  });
});
