import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { customer_login } from './authSlice';
import { Field, PasswordInput, SubmitButton } from './AuthCard';

/** Email and password sign-in for customers who registered with an email. */
export function EmailLoginForm() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.auth.loader);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(customer_login({ email, password }));
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <Field id="login-email" label="Email">
        <input
          id="login-email"
          name="email"
          type="email"
          className="input"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
      </Field>
      <Field id="login-password" label="Password">
        <PasswordInput id="login-password" name="password" value={password} onChange={setPassword} autoComplete="current-password" />
      </Field>
      <SubmitButton busy={busy}>Login</SubmitButton>
    </form>
  );
}
