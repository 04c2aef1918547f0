import { describe, expect, it } from 'vitest';
import { useNavigate } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListingFacets, ProductQueryResponse } from '@bazaar/shared';
import { fakeApi, type ApiCall } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import ShopPage from './ShopPage';

/** Products per brand and colour in the fake catalogue; every count the server would give follows from it. */
const CATALOGUE: Record<string, Record<string, number>> = {
  Puma: { Black: 4, 'Navy Blue': 2 },
  Roadster: { Black: 3, 'Navy Blue': 5 },
  Biba: { Black: 1 },
};

/** The server's answer for a query string: totals and disjunctive facet counts over the fake catalogue. */
function answer(call: ApiCall): ProductQueryResponse {
  const query = new URLSearchParams(call.path.split('?')[1]);
  const brands = query.get('brand')?.split(',');
  const colours = query.get('colour')?.split(',');
  const cells = Object.entries(CATALOGUE).flatMap(([brand, byColour]) =>
    Object.entries(byColour).map(([colour, count]) => ({ brand, colour, count })),
  );
  const sum = (keep: (cell: (typeof cells)[number]) => boolean) =>
    cells.filter(keep).reduce((total, cell) => total + cell.count, 0);
  const byBrand = (cell: (typeof cells)[number]) => !brands || brands.includes(cell.brand);
  const byColour = (cell: (typeof cells)[number]) => !colours || colours.includes(cell.colour);
  const facets: ListingFacets = {
    brand: Object.keys(CATALOGUE).map((value) => ({
      value,
      count: sum((cell) => cell.brand === value && byColour(cell)),
    })),
    size: [],
    colour: ['Black', 'Navy Blue'].map((value) => ({
      value,
      count: sum((cell) => cell.colour === value && byBrand(cell)),
      hex: '#000000',
    })),
    discount: [],
  };
  return { products: [], totalProduct: sum((cell) => byBrand(cell) && byColour(cell)), parPage: 12, facets };
}

function serve() {
  return fakeApi({
    'GET /home/get-categorys': () => ({ categorys: [] }),
    'GET /home/get_subcategory_newlist': () => ({ gkSubcategory: [] }),
    'GET /home/price-range-latest-product': () => ({
      latest_product: [],
      priceRange: { low: 0, high: 5000 },
    }),
    'GET /home/query-products': answer,
  });
}

/** The browser's back and forward buttons. */
function History() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Forward
      </button>
    </>
  );
}

const sidebar = () => within(screen.getByRole('complementary', { name: 'Filters' }));
const currentQuery = () =>
  new URLSearchParams(screen.getByRole('status', { name: 'Current query' }).textContent!);
const listingRequests = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/home/query-products'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])));
const countShown = () => screen.getByTestId('product-count');
const sortMenu = () => screen.getByRole('combobox', { name: 'Sort by' });
/** The orders the desktop menu offers, in its order. */
const sortChoices = () =>
  within(sortMenu())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('shop listing filters and the URL', () => {
  it('reads its facet filters from the URL, keeps every change there, and re-renders on back and forward', async () => {
    const calls = serve();
    renderWithApp(
      <>
        <ShopPage />
        <History />
      </>,
      { path: '/shops?brand=Puma&colour=Black' },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(countShown()).toHaveTextContent('4 Products'));
    expect(listingRequests(calls).at(-1)).toMatchObject({ brand: 'Puma', colour: 'Black' });
    expect(sidebar().getByRole('checkbox', { name: 'Puma, 4 products' })).toBeChecked();
    expect(sidebar().getByRole('checkbox', { name: 'Black, 4 products' })).toBeChecked();
    // Roadster's count is what ticking it would add: its black products.
    expect(sidebar().getByRole('checkbox', { name: 'Roadster, 3 products' })).not.toBeChecked();

    await user.click(sidebar().getByRole('checkbox', { name: 'Roadster, 3 products' }));
    await waitFor(() => expect(countShown()).toHaveTextContent('7 Products'));
    expect(currentQuery().get('brand')).toBe('Puma,Roadster');
    expect(listingRequests(calls).at(-1)).toMatchObject({ brand: 'Puma,Roadster', colour: 'Black' });

    const applied = within(screen.getByRole('group', { name: 'Applied filters' }));
    await user.click(applied.getByRole('button', { name: 'Remove filter Black' }));
    await waitFor(() => expect(countShown()).toHaveTextContent('14 Products'));
    expect(currentQuery().has('colour')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(countShown()).toHaveTextContent('7 Products'));
    expect(sidebar().getByRole('checkbox', { name: /^Black,/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(countShown()).toHaveTextContent('4 Products'));
    expect(sidebar().getByRole('checkbox', { name: /^Roadster,/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(countShown()).toHaveTextContent('7 Products'));
    expect(sidebar().getByRole('checkbox', { name: /^Roadster,/ })).toBeChecked();

    await user.click(applied.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(countShown()).toHaveTextContent('15 Products'));
    expect(currentQuery().toString()).toBe('');
    expect(screen.queryByRole('group', { name: 'Applied filters' })).not.toBeInTheDocument();
  });

  it('sorts from the menu: the spec’s price sorts by sortPrice, the others by sort', async () => {
    const calls = serve();
    renderWithApp(<ShopPage />, { path: '/shops' });
    const user = userEvent.setup();
    await waitFor(() => expect(countShown()).toHaveTextContent('15 Products'));
    const menu = sortMenu();
    await user.selectOptions(menu, 'Better Discount');
    await waitFor(() => expect(listingRequests(calls).at(-1)).toMatchObject({ sort: 'discount' }));
    expect(currentQuery().get('sort')).toBe('discount');
    await user.selectOptions(menu, 'High to Low Price');
    await waitFor(() => expect(listingRequests(calls).at(-1)).toMatchObject({ sortPrice: 'high-to-low' }));
    expect(listingRequests(calls).at(-1)).not.toHaveProperty('sort');
  });

  it('names the default order for what it does: “What’s New” without a search, offered once, in every menu', async () => {
    const calls = serve();
    renderWithApp(
      <>
        <ShopPage />
        <History />
      </>,
      { path: '/shops' },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(countShown()).toHaveTextContent('15 Products'));
    // The server lists a listing without a search newest first: the default is that order, not “Relevance”, and the
    // menu has no second entry for it.
    expect(sortChoices()).toEqual([
      'What’s New',
      'Popularity',
      'Better Discount',
      'Customer Rating',
      'Low to High Price',
      'High to Low Price',
    ]);
    expect(sortMenu()).toHaveDisplayValue('What’s New');
    expect(screen.getByRole('button', { name: 'Sort by: What’s New' })).toBeInTheDocument();

    await user.selectOptions(sortMenu(), 'Popularity');
    await waitFor(() => expect(listingRequests(calls).at(-1)).toMatchObject({ sort: 'popularity' }));
    expect(screen.getByRole('button', { name: 'Sort by: Popularity' })).toBeInTheDocument();
    // The phone's sheet lists the same orders, and picking the default takes `sort` out of the URL.
    await user.click(screen.getByRole('button', { name: 'Sort by: Popularity' }));
    const sheet = within(screen.getByRole('dialog', { name: 'Sort by' }));
    expect(sheet.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(sortChoices());
    expect(sheet.getByRole('radio', { name: 'Popularity' })).toBeChecked();
    await user.click(sheet.getByRole('radio', { name: 'What’s New' }));
    await waitFor(() => expect(currentQuery().has('sort')).toBe(false));
    expect(sortMenu()).toHaveDisplayValue('What’s New');

    // Back and forward bring each order back, menu and button alike.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(sortMenu()).toHaveDisplayValue('Popularity'));
    expect(screen.getByRole('button', { name: 'Sort by: Popularity' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(sortMenu()).toHaveDisplayValue('What’s New'));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(sortMenu()).toHaveDisplayValue('Popularity'));
  });

  it('shows a link of old with sort=newest as the default it is, and asks the server for it so', async () => {
    const calls = serve();
    renderWithApp(<ShopPage />, { path: '/shops?sort=newest&brand=Puma' });
    await waitFor(() => expect(countShown()).toHaveTextContent('6 Products'));
    expect(sortMenu()).toHaveDisplayValue('What’s New');
    expect(screen.getByRole('button', { name: 'Sort by: What’s New' })).toBeInTheDocument();
    expect(listingRequests(calls).at(-1)).toEqual({ pageNumber: '1', brand: 'Puma', facets: '1' });
  });

  it('keeps “Relevance” as a search’s default and “What’s New” as its own order beside it', async () => {
    const calls = serve();
    renderWithApp(
      <>
        <ShopPage />
        <History />
      </>,
      { path: '/products/search?value=kurta' },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(countShown()).toHaveTextContent('15 Products'));
    expect(sortChoices()).toEqual([
      'Relevance',
      'Popularity',
      'What’s New',
      'Better Discount',
      'Customer Rating',
      'Low to High Price',
      'High to Low Price',
    ]);
    expect(sortMenu()).toHaveDisplayValue('Relevance');
    expect(screen.getByRole('button', { name: 'Sort by: Relevance' })).toBeInTheDocument();
    await user.selectOptions(sortMenu(), 'What’s New');
    await waitFor(() =>
      expect(listingRequests(calls).at(-1)).toMatchObject({ searchValue: 'kurta', sort: 'newest' }),
    );
    expect(currentQuery().get('sort')).toBe('newest');
    expect(screen.getByRole('button', { name: 'Sort by: What’s New' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(sortMenu()).toHaveDisplayValue('Relevance'));
  });

  it('gathers the phone sheet’s changes in a draft, counted, and applies them only with Apply', async () => {
    const calls = serve();
    renderWithApp(<ShopPage />, { path: '/shops?colour=Navy+Blue' });
    const user = userEvent.setup();
    await waitFor(() => expect(countShown()).toHaveTextContent('7 Products'));
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = within(screen.getByRole('dialog', { name: 'Filters' }));
    await user.click(await sheet.findByRole('checkbox', { name: 'Roadster, 5 products' }));
    // The draft is counted by the server, the URL and the listing stay as they were.
    await sheet.findByRole('button', { name: 'Show 5 products' });
    expect(listingRequests(calls).at(-1)).toMatchObject({ brand: 'Roadster', colour: 'Navy Blue' });
    expect(currentQuery().has('brand')).toBe(false);
    expect(countShown()).toHaveTextContent('7 Products');

    await user.click(sheet.getByRole('button', { name: 'Show 5 products' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(currentQuery().get('brand')).toBe('Roadster');
    await waitFor(() => expect(countShown()).toHaveTextContent('5 Products'));

    // Closing drops a draft.
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const again = within(screen.getByRole('dialog', { name: 'Filters' }));
    await user.click(await again.findByRole('checkbox', { name: /^Puma,/ }));
    await user.click(again.getByRole('button', { name: 'Close filters' }));
    expect(currentQuery().get('brand')).toBe('Roadster');
  });
});
