import { useId, type ReactNode } from 'react';

/** The glass card the sign-in and registration forms sit in. */
export function AuthCard(props: {
  title: string;
  subtitle: string;
  error: string | null;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <section className="auth-card" aria-label={props.title}>
        <div className="auth-card__brand">
          <span className="navbar__logo" aria-hidden="true" />
          ATLAS
        </div>
        <h1>{props.title}</h1>
        <p className="auth-card__subtitle">{props.subtitle}</p>
        {props.error !== null && (
          <div className="auth-card__error" role="alert" data-testid="auth-error">
            {props.error}
          </div>
        )}
        {props.children}
        <p className="auth-card__footer">{props.footer}</p>
      </section>
    </main>
  );
}

/** A labelled input with its validation message. */
export function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
  error?: string | undefined;
}) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className={props.error === undefined ? 'auth-field' : 'auth-field auth-field--invalid'}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-invalid={props.error !== undefined}
        aria-describedby={props.error === undefined ? undefined : errId}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error !== undefined && (
        <span id={errId} className="auth-field__error">
          {props.error}
        </span>
      )}
    </div>
  );
}
