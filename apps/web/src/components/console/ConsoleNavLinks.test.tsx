import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LayoutDashboard, Package, RotateCcw } from 'lucide-react';
import { renderWithApp } from '../../testing/renderWithApp';
import { ConsoleNavLinks, highlightedLink } from './ConsoleNavLinks';

const items = [
  { to: '/seller', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/seller/orders', label: 'Orders', icon: Package },
  { to: '/seller/returns', label: 'Returns', icon: RotateCcw },
];

describe('ConsoleNavLinks', () => {
  it('marks and highlights the current page (an `end` page only on its own path) and tells when a page is chosen', async () => {
    const onChoose = vi.fn();
    renderWithApp(
      <ConsoleNavLinks
        items={items}
        className="nav-list"
        linkClassName={highlightedLink('nav-link')}
        onChoose={onChoose}
      />,
      { path: '/seller/orders/12', route: '/seller/*' },
    );

    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(orders).toHaveClass('nav-link', 'bg-brand-50', 'text-brand-700');
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    expect(dashboard).not.toHaveAttribute('aria-current');
    expect(dashboard).toHaveClass('nav-link', 'text-ink-700');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    await userEvent.click(screen.getByRole('link', { name: 'Returns' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/seller/returns');
    expect(screen.getByRole('link', { name: 'Returns' })).toHaveAttribute('aria-current', 'page');
  });
});
