import type { ReactNode } from 'react';

export interface ToggleProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Why the setting is unavailable (shown under it when disabled) or a short hint. */
  hint?: ReactNode;
  testId?: string;
}

/** An on/off switch (role="switch"), label on the left, track on the right. */
export function Toggle({ label, checked, onChange, disabled = false, hint, testId }: ToggleProps) {
  return (
    <>
      <button
        type="button"
        role="switch"
        className="kit-toggle"
        aria-checked={checked}
        disabled={disabled}
        data-testid={testId}
        onClick={() => onChange(!checked)}
      >
        <span>{label}</span>
        <span className="kit-toggle__track" aria-hidden="true" />
      </button>
      {hint !== undefined ? <p className="kit-field__hint">{hint}</p> : null}
    </>
  );
}
