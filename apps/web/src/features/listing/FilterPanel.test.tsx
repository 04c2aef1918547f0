import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryDto, SubcategoryGroupDto } from '@bazaar/shared';
import { FilterPanel } from './FilterPanel';

const category = (id: number, name: string): CategoryDto => ({
  _id: id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  image: '',
});
const groups = [category(1, 'Men'), category(2, 'Women')];
const subcategoryGroups: SubcategoryGroupDto[] = [
  { categoryName: 'Men', data: [category(11, 'Kurtas'), category(12, 'Sherwanis')] },
  { categoryName: 'Women', data: [category(21, 'Sarees')] },
];
const bounds = { low: 0, high: 5000 };

/** Holds the filters the way the listing page does, and records every price range it is told to commit. */
function Listing({ onPrice }: { onPrice: (low: number, high: number) => void }) {
  const [categorySelected, setCategory] = useState('');
  const [price, setPrice] = useState<[number, number]>([bounds.low, bounds.high]);
  const [rating, setRating] = useState<number | ''>('');
  return (
    <FilterPanel
      groups={groups}
      subcategoryGroups={subcategoryGroups}
      category={categorySelected}
      onCategory={setCategory}
      priceBounds={bounds}
      price={price}
      onPrice={(low, high) => {
        onPrice(low, high);
        setPrice([low, high]);
      }}
      rating={rating}
      onRating={setRating}
    />
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));

afterEach(() => {
  vi.useRealTimers();
});

describe('listing filters', () => {
  it('selects one category at a time from the group a shopper opens', async () => {
    render(<Listing onPrice={vi.fn()} />);
    const user = userEvent.setup();
    const categories = section('Categories');
    const men = categories.getByRole('button', { name: 'Men' });
    expect(men).toHaveAttribute('aria-expanded', 'false');
    expect(categories.queryByRole('checkbox', { name: 'Kurtas' })).not.toBeInTheDocument();

    await user.click(men);
    await user.click(categories.getByRole('checkbox', { name: 'Kurtas' }));
    expect(categories.getByRole('checkbox', { name: 'Kurtas' })).toBeChecked();

    await user.click(categories.getByRole('checkbox', { name: 'Sherwanis' }));
    expect(categories.getByRole('checkbox', { name: 'Sherwanis' })).toBeChecked();
    expect(categories.getByRole('checkbox', { name: 'Kurtas' })).not.toBeChecked();

    await user.click(categories.getByRole('checkbox', { name: 'Sherwanis' }));
    expect(categories.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual(
      [],
    );
  });

  it('offers every group with an "All" choice', async () => {
    render(<Listing onPrice={vi.fn()} />);
    const user = userEvent.setup();
    const categories = section('Categories');
    await user.click(categories.getByRole('button', { name: 'Women' }));
    await user.click(categories.getByRole('checkbox', { name: 'All Women' }));
    expect(categories.getByRole('checkbox', { name: 'All Women' })).toBeChecked();
    expect(categories.getByRole('checkbox', { name: 'Sarees' })).not.toBeChecked();
  });

  it('picks a minimum rating, and a second press or Clear rating removes it', async () => {
    render(<Listing onPrice={vi.fn()} />);
    const user = userEvent.setup();
    const ratings = section('Customer rating');
    const fourAndUp = ratings.getByRole('button', { name: '4 stars and up' });
    const clear = ratings.getByRole('button', { name: 'Clear rating' });
    expect(clear).toBeDisabled();

    await user.click(fourAndUp);
    expect(fourAndUp).toHaveAttribute('aria-pressed', 'true');
    expect(clear).toBeEnabled();

    await user.click(ratings.getByRole('button', { name: '3 stars and up' }));
    expect(fourAndUp).toHaveAttribute('aria-pressed', 'false');
    expect(ratings.getByRole('button', { name: '3 stars and up' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(clear);
    expect(ratings.queryAllByRole('button', { pressed: true })).toEqual([]);

    await user.click(fourAndUp);
    await user.click(fourAndUp);
    expect(fourAndUp).toHaveAttribute('aria-pressed', 'false');
  });

  it('commits a price range once the thumbs rest, not on every step', () => {
    vi.useFakeTimers();
    const onPrice = vi.fn();
    render(<Listing onPrice={onPrice} />);
    const price = section('Price');

    fireEvent.change(price.getByRole('slider', { name: 'Minimum price' }), { target: { value: '1000' } });
    fireEvent.change(price.getByRole('slider', { name: 'Maximum price' }), { target: { value: '3000' } });
    expect(price.getByText('₹1,000')).toBeInTheDocument();
    expect(price.getByText('₹3,000')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(399));
    expect(onPrice).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onPrice).toHaveBeenCalledTimes(1);
    expect(onPrice).toHaveBeenCalledWith(1000, 3000);
  });

  it('never lets the minimum pass the maximum', () => {
    vi.useFakeTimers();
    const onPrice = vi.fn();
    render(<Listing onPrice={onPrice} />);
    const price = section('Price');

    fireEvent.change(price.getByRole('slider', { name: 'Maximum price' }), { target: { value: '2000' } });
    fireEvent.change(price.getByRole('slider', { name: 'Minimum price' }), { target: { value: '4000' } });
    act(() => vi.advanceTimersByTime(400));
    expect(onPrice).toHaveBeenLastCalledWith(2000, 2000);
    expect(price.getByRole('slider', { name: 'Minimum price' })).toHaveValue('2000');
  });
});
