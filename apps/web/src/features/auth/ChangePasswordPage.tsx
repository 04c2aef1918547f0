import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { KeyRound, LogOut } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@bazaar/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { reset_count } from '../cart';
import { useChangePasswordMutation, useLogoutAllMutation } from '../../api/authApi';
import { Field } from '../../components/ui/Field';
import { PasswordInput, SubmitButton } from './AuthCard';

/**
 * Spec: 'Chage Password' (spelt so) with old_password, new_password and an Update button; below it, signing out of
 * every device (a lost phone, a shared computer) without changing the password.
 */
export default function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  const loader = useAppSelector((state) => state.auth.loader);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const navigate = useNavigate();
  const [changePassword] = useChangePasswordMutation();
  const [logoutAll] = useLogoutAllMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await changePassword({ old_password: oldPassword, new_password: newPassword });
    if (result.data) {
      setOldPassword('');
      setNewPassword('');
    }
  };

  /** Like the dashboard's Logout, but every device's session ends (the server's message shows as a toast). */
  const signOutEverywhere = async () => {
    await logoutAll();
    dispatch(reset_count());
    navigate('/login', { replace: true });
  };

  return (
    <section className="card p-5 sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-xl font-bold text-ink-900">Chage Password</h1>
          <p className="text-sm text-ink-500">Changing it signs you out on your other devices.</p>
        </div>
      </div>
      <form onSubmit={onSubmit} className="mt-6 max-w-md space-y-5">
        <Field id="old_password" label="Old Password">
          <PasswordInput
            id="old_password"
            name="old_password"
            value={oldPassword}
            onChange={setOldPassword}
            autoComplete="current-password"
          />
        </Field>
        <Field id="new_password" label="New Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
          <PasswordInput
            id="new_password"
            name="new_password"
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
          />
        </Field>
        <div className="sm:w-48">
          <SubmitButton busy={loader}>Update</SubmitButton>
        </div>
      </form>
      <div className="mt-8 max-w-md border-t border-ink-100 pt-6">
        <h2 className="text-base font-semibold text-ink-900">Sign out of all devices</h2>
        <p className="mt-1 text-sm text-ink-500">
          Ends every session of your account, this one included. You will need to sign in again.
        </p>
        <button type="button" className="btn-outline mt-4 px-4 py-2" onClick={() => void signOutEverywhere()}>
          <LogOut className="h-4 w-4" aria-hidden="true" /> Sign out of all devices
        </button>
      </div>
    </section>
  );
}
