import { useId, type ReactNode } from 'react';

export interface SelectProps<V extends string> {
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: ReactNode;
  testId?: string;
}

/** A labelled native <select> (an enumeration setting: texture quality, sphere style...). */
export function Select<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
  hint,
  testId,
}: SelectProps<V>) {
  const id = useId();
  return (
    <div className="kit-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const v = options.find((o) => o.value === e.currentTarget.value);
          if (v !== undefined) onChange(v.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled === true}>
            {o.label}
          </option>
        ))}
      </select>
      {hint !== undefined ? <p className="kit-field__hint">{hint}</p> : null}
    </div>
  );
}
