/**
 * Registration page (/register, lazy-loaded). Mirrors the server's rules client-side; server
 * failures show its message, else 'Registration failed' (spec section 8). The response is a
 * session like a login's, so the new user is signed in and goes to /app.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { auth } from './authState';
import { AuthCard, Field } from './AuthCard';
import { hasErrors, validateRegistration } from './validation';

export default function RegisterPage() {
  useSignals();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateRegistration>>({});
  useEffect(() => auth.clearError(), []);
  const set =
    (k: keyof typeof form) =>
    (v: string): void =>
      setForm((f) => ({ ...f, [k]: v }));

  const submit = (e: SyntheticEvent): void => {
    e.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (hasErrors(found)) return;
    const name = form.name.trim();
    void auth
      .register({
        email: form.email.trim(),
        password: form.password,
        ...(name === '' ? {} : { name }),
      })
      .then((ok) => {
        if (ok) navigate('/app', { replace: true });
      });
  };

  return (
    <AuthCard
      title="Create Account"
      subtitle="Join ATLAS to open articles, analysis and live updates"
      error={auth.error.value}
      footer={
        <>
          Already registered? <Link href="/login">Sign in</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
        />
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Field
          label="Confirm password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
        />
        <button type="submit" className="auth-submit" disabled={auth.loading.value}>
          {auth.loading.value ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
    </AuthCard>
  );
}
