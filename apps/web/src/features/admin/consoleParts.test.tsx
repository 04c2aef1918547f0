import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../testing/renderWithApp';
import { ConsoleSearch, howMany, PagedList, useConsoleList } from './consoleParts';

const query = {
  data: { total: 120, pageSize: 25, names: ['Meera Iyer', 'Rohan Das'] },
  isFetching: false,
  refetch: () => undefined,
};

/** A console list wired as the admin pages wire theirs: a filter, a search and a pager, all in the URL. */
function People({ searchKey }: { searchKey?: string }) {
  const { params, searched, page, refine, search, paging } = useConsoleList(searchKey);
  return (
    <>
      <button type="button" onClick={() => refine({ status: 'approved' })}>
        Approved
      </button>
      <ConsoleSearch label="Search people" placeholder="Name" {...search} />
      <p>
        Status {params.get('status') ?? 'any'}, searched “{searched}”, page {page}
      </p>
      <PagedList
        what="The people"
        rows={2}
        query={query}
        count={(total) => howMany(total, 'person', 'people')}
        empty="Nobody."
        {...paging}
      >
        {(data) => (
          <ul>
            {data.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

const currentQuery = () => screen.getByRole('status', { name: 'Current query' });

describe('useConsoleList with ConsoleSearch and PagedList', () => {
  it('keeps the search, the filters and the page in the URL, a new search or filter starting from page 1', async () => {
    renderWithApp(<People />, { path: '/admin/people?status=pending&q=meera&page=3' });
    expect(screen.getByText('Status pending, searched “meera”, page 3')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('meera');
    expect(screen.getByText('120 people')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentQuery()).toHaveTextContent('?status=pending&q=meera&page=4');

    const box = screen.getByRole('searchbox', { name: 'Search people' });
    await userEvent.clear(box);
    await userEvent.type(box, '  rohan {Enter}');
    expect(currentQuery()).toHaveTextContent(/^\?status=pending&q=rohan$/);
    expect(screen.getByText('Status pending, searched “rohan”, page 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approved' }));
    expect(currentQuery()).toHaveTextContent(/^\?status=approved&q=rohan$/);

    // An empty search removes it from the URL.
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(currentQuery()).toHaveTextContent(/^\?status=approved$/);
  });

  it('searches the parameter the page names', async () => {
    renderWithApp(<People searchKey="recipient" />, { path: '/admin/people?q=stays' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'meera{Enter}');
    expect(currentQuery()).toHaveTextContent(/^\?q=stays&recipient=meera$/);
  });

  it('counts one and many in Indian digit grouping', () => {
    expect(howMany(1, 'person', 'people')).toBe('1 person');
    expect(howMany(120000, 'person', 'people')).toBe('1,20,000 people');
  });
});
