import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryDto, ListingFacets, SubcategoryGroupDto } from '@bazaar/shared';
import { FilterPanel } from './FilterPanel';
import type { ListFacet } from './shopFilters';

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

const brandNames = ['Roadster', 'Puma', 'Libas', 'Biba', 'Anouk', 'W', 'Nike', 'Mango', 'Fabindia', 'Titan'];
const facets: ListingFacets = {
  // Most common first, as the server lists them.
  brand: brandNames.map((value, index) => ({ value, count: 100 - index * 10 })),
  size: [
    { value: 'S', count: 12 },
    { value: 'M', count: 30 },
    { value: 'XL', count: 0 },
  ],
  colour: [
    { value: 'Black', count: 40, hex: '#2a2b2f' },
    { value: 'Navy Blue', count: 25, hex: '#1f2f5c' },
  ],
  discount: [10, 20, 30, 40, 50, 60, 70].map((value) => ({ value, count: 80 - value })),
};

/** Holds the filters the way the listing page does, and records every price range it is told to commit. */
function Listing({
  onPrice,
  onFacet = () => {},
}: {
  onPrice: (low: number, high: number) => void;
  onFacet?: (facet: ListFacet, value: string) => void;
}) {
  const [categorySelected, setCategory] = useState('');
  const [price, setPrice] = useState<[number, number]>([bounds.low, bounds.high]);
  const [rating, setRating] = useState<number | ''>('');
  const [selected, setSelected] = useState({
    brands: [] as string[],
    sizes: [] as string[],
    colours: [] as string[],
    discount: '' as number | '',
  });
  const field = { brand: 'brands', size: 'sizes', colour: 'colours' } as const;
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
      facets={facets}
      selected={selected}
      onFacet={(facet, value) => {
        onFacet(facet, value);
        setSelected((current) => {
          const values = current[field[facet]];
          return {
            ...current,
            [field[facet]]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value],
          };
        });
      }}
      onDiscount={(discount) => setSelected((current) => ({ ...current, discount }))}
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

  it('shows the top brands with their counts, finds the rest by name, and lists them all on demand', async () => {
    const onFacet = vi.fn();
    render(<Listing onPrice={vi.fn()} onFacet={onFacet} />);
    const user = userEvent.setup();
    const brands = section('Brand');
    expect(brands.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(
      brandNames.slice(0, 8).map((name, index) => `${name}, ${100 - index * 10} products`),
    );
    expect(brands.getByText('(100)')).toBeInTheDocument();

    await user.type(brands.getByRole('searchbox', { name: 'Search brands' }), 'tan');
    expect(brands.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Titan, 10 products',
    ]);
    await user.click(brands.getByRole('checkbox', { name: 'Titan, 10 products' }));
    expect(onFacet).toHaveBeenCalledWith('brand', 'Titan');

    // A ticked brand stays in view below the top ones once the search is cleared.
    await user.clear(brands.getByRole('searchbox', { name: 'Search brands' }));
    expect(brands.getAllByRole('checkbox')).toHaveLength(9);
    expect(brands.getByRole('checkbox', { name: 'Titan, 10 products' })).toBeChecked();
    await user.click(brands.getByRole('button', { name: '+ 1 more' }));
    expect(brands.getAllByRole('checkbox')).toHaveLength(10);
  });

  it('offers sizes as chips, a sold-out size disabled, and colours with their dots', async () => {
    const onFacet = vi.fn();
    render(<Listing onPrice={vi.fn()} onFacet={onFacet} />);
    const user = userEvent.setup();
    const sizes = section('Size');
    expect(sizes.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['S12', 'M30', 'XL0']);
    expect(sizes.getByRole('button', { name: 'Size XL, 0 products' })).toBeDisabled();
    await user.click(sizes.getByRole('button', { name: 'Size M, 30 products' }));
    expect(sizes.getByRole('button', { name: 'Size M, 30 products' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(onFacet).toHaveBeenLastCalledWith('size', 'M');

    const colours = section('Colour');
    const navy = colours.getByRole('checkbox', { name: 'Navy Blue, 25 products' });
    expect(navy.parentElement!.querySelector('[style]')).toHaveStyle({ backgroundColor: '#1f2f5c' });
    await user.click(navy);
    expect(navy).toBeChecked();
    expect(onFacet).toHaveBeenLastCalledWith('colour', 'Navy Blue');
  });

  it('picks one minimum discount, and a second press on it clears it', async () => {
    render(<Listing onPrice={vi.fn()} />);
    const user = userEvent.setup();
    const discounts = section('Discount range');
    expect(discounts.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(
      [10, 20, 30, 40, 50, 60, 70].map((step) => `${step}% and above, ${80 - step} products`),
    );
    const thirty = discounts.getByRole('radio', { name: '30% and above, 50 products' });
    await user.click(thirty);
    expect(thirty).toBeChecked();
    await user.click(discounts.getByRole('radio', { name: '50% and above, 30 products' }));
    expect(thirty).not.toBeChecked();
    await user.click(discounts.getByRole('radio', { name: '50% and above, 30 products' }));
    expect(discounts.queryAllByRole('radio', { checked: true })).toEqual([]);
  });
});
