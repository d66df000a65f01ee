/**
 * Sign-in page (/login, lazy-loaded). Client-side checks first (ui/auth/validation.ts), then the
 * server's answer: its message, else 'Invalid credentials' (spec section 8). On success the
 * visitor returns to the page that sent them here, else /app.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { RETURN_TO_KEY, returnPath } from './access';
import { auth } from './authState';
import { AuthCard, Field } from './AuthCard';
import { hasErrors, validateLogin } from './validation';

function takeReturnPath(): string {
  try {
    const p = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    return returnPath(p);
  } catch {
    return returnPath(null);
  }
}

export default function LoginPage() {
  useSignals();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateLogin>>({});
  useEffect(() => auth.clearError(), []);

  const submit = (e: SyntheticEvent): void => {
    e.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
    void auth.login(email.trim(), password).then((ok) => {
      if (ok) navigate(takeReturnPath(), { replace: true });
    });
  };

  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back to ATLAS"
      error={auth.error.value}
      footer={
        <>
          No account yet? <Link href="/register">Create one</Link> ·{' '}
          <Link href="/app">Continue as guest</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <button type="submit" className="auth-submit" disabled={auth.loading.value}>
          {auth.loading.value ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </AuthCard>
  );
}
