import { useState, type ReactNode } from 'react';
import { Eye, EyeOff, Loader2, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { formatRupees } from '@bazaar/shared';
import { Field } from '../../components/ui/Field';

const perks = [
  { icon: Truck, text: `Free shipping on orders above ${formatRupees(799)}` },
  { icon: RotateCcw, text: 'Easy 7-day returns' },
  { icon: ShieldCheck, text: '100% money-back guarantee' },
];

/** The frame of the sign-in screens: a brand panel beside (desktop) or above (mobile) a form card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="bg-canvas py-6 sm:py-10 lg:py-16">
      <div className="container-page">
        <div className="mx-auto grid max-w-4xl overflow-hidden rounded-card bg-white shadow-card lg:grid-cols-[1fr_1.1fr]">
          <aside className="bg-gradient-to-br from-brand-600 via-brand-500 to-brand-400 px-6 py-6 text-white lg:px-10 lg:py-12">
            <p className="font-display text-xl font-bold lg:text-3xl">Bazaar</p>
            <p className="mt-1 text-sm text-white/90 lg:mt-3 lg:text-base">
              Fashion, beauty and home — delivered across India.
            </p>
            <ul className="mt-4 hidden space-y-3 text-sm lg:block">
              {perks.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3">
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white/15">
                    <Icon className="h-4 w-4" aria-hidden="true" />
                  </span>
                  {text}
                </li>
              ))}
            </ul>
          </aside>
          <div className="px-5 py-6 sm:px-8 lg:px-10 lg:py-12">
            <h1 className="text-xl font-bold text-ink-900 lg:text-2xl">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-ink-500">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The customer forms' email field: type email, so phones offer the @ keyboard and browsers autofill it. */
export function EmailField({
  id,
  value,
  onChange,
  required = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <Field id={id} label="Email">
      <input
        id={id}
        name="email"
        type="email"
        className="input"
        autoComplete="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
      />
    </Field>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput({
  id,
  name,
  value,
  onChange,
  autoComplete,
  errorId,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The id of the message saying what is wrong with the value, when something is. */
  errorId?: string;
}) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        className="input pr-11"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        required
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-ink-500 hover:text-ink-900"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The form's main button; it shows a spinner and stays disabled while the request is on its way. */
export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className="btn-primary w-full py-3" disabled={busy}>
      {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  );
}
