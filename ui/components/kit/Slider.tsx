import { useId, type ReactNode } from 'react';

export interface SliderProps {
  label: ReactNode;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  /** Formats the value shown beside the label (default: the number). */
  format?: (value: number) => string;
  disabled?: boolean;
  hint?: ReactNode;
  testId?: string;
}

/** A labelled range input with its value shown; the value passed out is a number. */
export function Slider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  format,
  disabled = false,
  hint,
  testId,
}: SliderProps) {
  const id = useId();
  return (
    <div className="kit-slider">
      <label htmlFor={id}>{label}</label>
      <output htmlFor={id}>{format === undefined ? String(value) : format(value)}</output>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      {hint !== undefined ? <p className="kit-field__hint">{hint}</p> : null}
    </div>
  );
}
