import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSidebarExpand } from '../../app/homeSlice';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Header, the page, the footer, and the dimmed blurred overlay shown while the sidebar is expanded. `accountMenu` is
 * the auth feature's, handed in by the app (shared layout never imports a feature).
 */
export function Layout({ accountMenu }: { accountMenu: ReactNode }) {
  const dispatch = useAppDispatch();
  const sidebarExpand = useAppSelector((state) => state.home.sidebarExpand);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-ink-900 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <Header accountMenu={accountMenu} />
      <main id="main" className="flex-1">
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
      <div
        aria-hidden="true"
        data-testid="sidebar-overlay"
        onClick={() => dispatch(setSidebarExpand(false))}
        className={`fixed inset-0 z-40 bg-ink-900/50 backdrop-blur-sm transition-opacity duration-300 ${
          sidebarExpand ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      />
    </div>
  );
}
