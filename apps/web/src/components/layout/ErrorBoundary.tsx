import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Home, RotateCw } from 'lucide-react';

interface BoundaryState {
  error: Error | null;
  /** The page the error happened on: moving to another page (back button, a header link) clears it. */
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * Catches what a page throws while rendering (a bug, an answer of an unexpected shape, a chunk that failed to
 * download) and shows a way on instead of a blank page. Both ways reload: the page's code and data are fetched
 * afresh, which is what a failed download needs.
 */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

function ErrorScreen() {
  return (
    <section role="alert" className="container-page flex flex-col items-center py-14 text-center lg:py-20">
      <p className="font-display text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">
        Something went wrong
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink-900">This page could not be shown</h1>
      <p className="mt-3 max-w-md text-ink-500">
        Sorry, something broke on our side. Your bag and orders are safe: try again, or carry on from the home
        page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          <RotateCw className="h-4 w-4" aria-hidden="true" /> Try again
        </button>
        <a href="/" className="btn-outline">
          <Home className="h-4 w-4" aria-hidden="true" /> Back to home
        </a>
      </div>
    </section>
  );
}
