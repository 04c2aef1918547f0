import { useState, type FormEvent } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useCustomerLoginMutation } from '../../api/authApi';
import { Field } from '../../components/ui/Field';
import { EmailField, PasswordInput, SubmitButton } from './AuthCard';

/** Email and password sign-in for customers who registered with an email. */
export function EmailLoginForm() {
  const busy = useAppSelector((state) => state.auth.loader);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login] = useCustomerLoginMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login({ email, password });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <EmailField id="login-email" value={email} onChange={setEmail} required />
      <Field id="login-password" label="Password">
        <PasswordInput
          id="login-password"
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
      </Field>
      <SubmitButton busy={busy}>Login</SubmitButton>
    </form>
  );
}
