import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LogIn, type LucideIcon } from 'lucide-react';
import { failureMessage } from '../../api/bazaarApi';
import { Field } from '../ui/Field';

export interface StaffLoginFormProps {
  /** Prefix of the field ids, so each console's labels stay unique (`ops-email`, `seller-email`, …). */
  idPrefix: string;
  /** The small pill next to the wordmark, naming the console ("Ops", "Seller Hub"). */
  badge: string;
  icon: LucideIcon;
  title: string;
  subtitle: string;
  emailPlaceholder?: string;
  /** Where a signed-in member of staff belongs; an existing session is sent there straight away. */
  destination: string;
  /** Resolves when a session already exists (the console's `/me`), rejects otherwise. */
  checkSession: () => Promise<unknown>;
  signIn: (email: string, password: string) => Promise<unknown>;
  /** Shown under the card. */
  footer?: ReactNode;
}

/**
 * The full-page email + password sign-in shared by the staff consoles (sellers, payment operators).
 * Each console keeps its own API and cookie; this only owns the form, its states and the redirect.
 */
export function StaffLoginForm({
  idPrefix,
  badge,
  icon: Icon,
  title,
  subtitle,
  emailPlaceholder,
  destination,
  checkSession,
  signIn,
  footer,
}: StaffLoginFormProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Already signed in: straight to the console.
  useEffect(() => {
    checkSession()
      .then(() => navigate(destination, { replace: true }))
      .catch(() => undefined);
  }, [checkSession, destination, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await signIn(email, password);
      navigate(destination, { replace: true });
    } catch (e) {
      setError(failureMessage(e, 'Could not sign in. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `${idPrefix}-login-title`;
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-ink-900">
          <span className="font-display text-2xl font-bold text-brand-600">Bazaar</span>
          <span className="rounded-full bg-ink-900 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
            {badge}
          </span>
        </Link>
        <form onSubmit={submit} className="card space-y-4 p-6" aria-labelledby={titleId}>
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h1 id={titleId} className="text-lg font-bold text-ink-900">
                {title}
              </h1>
              <p className="text-xs text-ink-500">{subtitle}</p>
            </div>
          </div>
          <Field id={`${idPrefix}-email`} label="Email">
            <input
              id={`${idPrefix}-email`}
              type="email"
              required
              autoComplete="username"
              className="input"
              placeholder={emailPlaceholder}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field id={`${idPrefix}-password`} label="Password">
            <input
              id={`${idPrefix}-password`}
              type="password"
              required
              autoComplete="current-password"
              className="input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
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
        {footer}
      </div>
    </main>
  );
}
