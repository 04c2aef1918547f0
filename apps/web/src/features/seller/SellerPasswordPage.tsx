import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@bazaar/shared';
import { failureMessage, failureStatus } from '../../api/bazaarApi';
import { useChangeSellerPasswordMutation } from '../../api/sellerApi';
import { Field } from '../../components/ui/Field';
import { PasswordInput, SubmitButton } from '../auth';

/** The seller console's password change; the seller's other sessions are signed out, this one carries on. */
export default function SellerPasswordPage() {
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [changePassword] = useChangeSellerPasswordMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setDone('');
    setBusy(true);
    try {
      await changePassword({ old_password: oldPassword, new_password: newPassword }).unwrap();
      setOldPassword('');
      setNewPassword('');
      setDone('Password changed. Your other sessions have been signed out.');
    } catch (caught) {
      if (failureStatus(caught) === 401) navigate('/seller/login', { replace: true });
      else setError(failureMessage(caught, 'Something went wrong, please try again'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card w-full max-w-md p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-xl font-bold text-ink-900">Change password</h1>
          <p className="text-sm text-ink-500">Signs your shop out on other devices.</p>
        </div>
      </div>
      <form onSubmit={submit} className="mt-6 space-y-5">
        <Field id="seller_old_password" label="Current password">
          <PasswordInput
            id="seller_old_password"
            name="old_password"
            value={oldPassword}
            onChange={setOldPassword}
            autoComplete="current-password"
          />
        </Field>
        <Field
          id="seller_new_password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        >
          <PasswordInput
            id="seller_new_password"
            name="new_password"
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
          />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        {done && (
          <p role="status" className="text-sm text-green-700">
            {done}
          </p>
        )}
        <SubmitButton busy={busy}>Change password</SubmitButton>
      </form>
    </section>
  );
}
