import { Link } from 'react-router-dom';
import { Home, Store } from 'lucide-react';
import { LostHanger } from './Illustrations';

export default function NotFoundPage() {
  return (
    <section className="container-page flex flex-col items-center py-14 text-center lg:py-20">
      <LostHanger className="w-56" />
      <p className="mt-4 font-display text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">
        Error 404
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink-900">Page not found</h1>
      <p className="mt-3 max-w-md text-ink-500">
        This page has moved or never existed. The rest of the shop is right where you left it.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          <Home className="h-4 w-4" aria-hidden="true" /> Back to home
        </Link>
        <Link to="/shops" className="btn-outline">
          <Store className="h-4 w-4" aria-hidden="true" /> Browse the shop
        </Link>
      </div>
    </section>
  );
}
