import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditResponse } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import AdminAuditPage from './AdminAuditPage';

const byStaff: AuditEntry = {
  id: 2,
  staff: { id: 4, name: 'Asha Rao', email: 'asha@bazaar.example', role: 'admin' },
  commandLineUser: null,
  action: 'seller.commission',
  subjectKind: 'seller',
  subjectId: '12',
  before: { commissionPercent: 10 },
  after: { commissionPercent: 12 },
  reason: null,
  ip: '10.0.0.5',
  createdAt: '2026-11-26T10:05:00.000Z',
};

const byCommandLine: AuditEntry = {
  id: 1,
  staff: null,
  commandLineUser: 'deploy@shop-01',
  action: 'seller.suspend',
  subjectKind: 'seller',
  subjectId: '12',
  before: { status: 'approved' },
  after: { status: 'suspended' },
  reason: 'Late shipments',
  ip: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};

const page = (entries: AuditEntry[]): AuditResponse => ({
  entries,
  total: entries.length,
  page: 1,
  pageSize: 25,
});

describe('AdminAuditPage', () => {
  it('names the command line and its user@host where it names the member of staff', async () => {
    fakeApi({ 'GET /admin/audit': () => page([byStaff, byCommandLine]) });
    renderWithApp(<AdminAuditPage />, { path: '/admin/audit' });

    const suspended = (await screen.findByText('Seller suspended', { selector: 'p' })).closest('li')!;
    expect(within(suspended).getByText('Command line (deploy@shop-01)')).toBeInTheDocument();
    expect(within(suspended).getByText('“Late shipments”')).toBeInTheDocument();
    expect(within(suspended).queryByText('Asha Rao')).toBeNull();
    const commission = screen.getByText('Commission changed', { selector: 'p' }).closest('li')!;
    expect(within(commission).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(commission).getByText(/10\.0\.0\.5/)).toBeInTheDocument();
  });

  it('filters by who acted through the query string', async () => {
    const calls = fakeApi({ 'GET /admin/audit': () => page([byCommandLine]) });
    renderWithApp(<AdminAuditPage />, { path: '/admin/audit' });
    await screen.findByText('Seller suspended', { selector: 'p' });
    expect(calls[0].path).toBe('/admin/audit?page=1');

    await userEvent.selectOptions(screen.getByLabelText('Who acted'), 'Command line');
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/admin/audit?actor=command-line&page=1'));
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Staff member created');
    await waitFor(() =>
      expect(calls.at(-1)!.path).toBe('/admin/audit?action=staff.create&actor=command-line&page=1'),
    );
  });
});
