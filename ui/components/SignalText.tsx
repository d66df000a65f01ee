import { effect, type ReadonlySignal } from '@preact/signals-core';
import { useLayoutEffect, useRef } from 'react';

/**
 * Text that follows a signal without React: an effect writes the element's textContent when the
 * signal changes. Binding a signal as a JSX child (`<>{sig}</>`) makes every change a React
 * commit, and each such commit also re-ran about fifteen `useSignals()` components of the shell
 * (their auto-closing effect stores had picked up the HUD's numbers): ~0.2 ms a frame on a
 * desktop, ~1.5 ms at 4x CPU throttling, for numbers that change four times a second.
 */
export function SignalText({
  value,
  className,
  testId,
}: {
  value: ReadonlySignal<string | number>;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    return effect(() => {
      const text = String(value.value);
      if (el.textContent !== text) el.textContent = text;
    });
  }, [value]);
  // The first paint already shows the current value; the effect takes over from there.
  return (
    <span ref={ref} className={className} data-testid={testId}>
      {String(value.peek())}
    </span>
  );
}
