import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogIn, ShieldCheck } from 'lucide-react';
import { ApiError } from '../../api/client';
import { opsApi } from './opsApi';

/** Sign-in for the people who verify UPI payments. */
export default function OpsLoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    opsApi
      .me()
      .then(() => navigate('/ops/payments', { replace: true }))
      .catch(() => undefined);
  }, [navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await opsApi.login(email, password);
      navigate('/ops/payments', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not sign in. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 flex items-center justify-center gap-2">
          <span className="text-2xl font-bold text-brand-600">Bazaar</span>
          <span className="rounded-full bg-ink-900 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
            Ops
          </span>
        </p>
        <form onSubmit={submit} className="card space-y-4 p-6" aria-labelledby="ops-login-title">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <ShieldCheck className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h1 id="ops-login-title" className="text-lg font-bold text-ink-900">
                Operator sign in
              </h1>
              <p className="text-xs text-ink-500">Verify UPI payments</p>
            </div>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="ops-email" className="text-sm font-medium text-ink-700">
              Email
            </label>
            <input
              id="ops-email"
              type="email"
              required
              autoComplete="username"
              className="input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="ops-password" className="text-sm font-medium text-ink-700">
              Password
            </label>
            <input
              id="ops-password"
              type="password"
              required
              autoComplete="current-password"
              className="input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            <LogIn className="h-4 w-4" aria-hidden="true" /> {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
