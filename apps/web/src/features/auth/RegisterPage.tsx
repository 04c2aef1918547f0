import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { useCustomerRegisterMutation } from '../../api/authApi';
import { Field } from '../../components/ui/Field';
import { AuthCard, EmailField, PasswordInput, SubmitButton } from './AuthCard';
import { useReturnPath } from './useReturnPath';
import { useAuthMessages } from './useAuthMessages';

export default function RegisterPage() {
  useAuthMessages();
  const { userInfo, loader } = useAppSelector((state) => state.auth);
  const returnPath = useReturnPath();
  const location = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [register] = useCustomerRegisterMutation();

  if (userInfo) return <Navigate to={returnPath} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void register({ name, email, password });
  };

  return (
    <AuthCard title="Register" subtitle="Create your Bazaar account to shop, save and track orders.">
      <form onSubmit={onSubmit} className="space-y-5">
        <Field id="register-name" label="Name">
          <input
            id="register-name"
            name="name"
            className="input"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </Field>
        <EmailField id="register-email" value={email} onChange={setEmail} required />
        <Field id="register-password" label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
          <PasswordInput
            id="register-password"
            name="password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
        </Field>
        <SubmitButton busy={loader}>Register</SubmitButton>
      </form>
      <div className="mt-6 space-y-2 border-t border-line pt-5 text-sm text-ink-700">
        <p>
          Already have an account?{' '}
          <Link
            to="/login"
            state={location.state}
            className="font-semibold text-brand-600 hover:text-brand-700"
          >
            Login
          </Link>
        </p>
        <p>
          Prefer your phone?{' '}
          <Link
            to="/login"
            state={location.state}
            className="font-semibold text-brand-600 hover:text-brand-700"
          >
            Login with mobile OTP
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
