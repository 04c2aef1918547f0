import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LogIn, Store } from 'lucide-react';
import { ApiError } from '../../api/client';
import { sellerApi } from './sellerApi';

/** Sign-in for shop owners, who answer customers from the seller console. */
export default function SellerLoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Already signed in: straight to the console.
  useEffect(() => {
    sellerApi
      .me()
      .then(() => navigate('/seller/chat', { replace: true }))
      .catch(() => undefined);
  }, [navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await sellerApi.login(email, password);
      navigate('/seller/chat', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not sign in. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-ink-900">
          <span className="font-display text-2xl font-bold text-brand-600">Bazaar</span>
          <span className="rounded-full bg-ink-900 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
            Seller Hub
          </span>
        </Link>
        <form onSubmit={submit} className="card space-y-4 p-6" aria-labelledby="seller-login-title">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <Store className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h1 id="seller-login-title" className="text-lg font-bold text-ink-900">
                Seller sign in
              </h1>
              <p className="text-xs text-ink-500">Chat with your customers in real time</p>
            </div>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="seller-email" className="text-sm font-medium text-ink-700">
              Email
            </label>
            <input
              id="seller-email"
              type="email"
              required
              autoComplete="username"
              className="input"
              placeholder="yourshop@sellers.bazaar.in"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="seller-password" className="text-sm font-medium text-ink-700">
              Password
            </label>
            <input
              id="seller-password"
              type="password"
              required
              autoComplete="current-password"
              className="input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-danger">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="mt-4 text-center text-xs text-ink-500">
          Shopping instead? <Link to="/" className="font-medium text-brand-600 hover:underline">Go to the store</Link>
        </p>
      </div>
    </main>
  );
}
