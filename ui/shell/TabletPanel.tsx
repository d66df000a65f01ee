/**
 * Tablets (769-1024 px, spec globe.md section 2 'Responsive layouts'): the globe screen's floating
 * side panels collapse to buttons so the globe keeps most of the screen; a button shows its panel
 * below (or above) itself and hides it again. On a desktop the panel shows as it is; phones have
 * their own screen (ui/mobile/). The panel keeps its own position; CSS moves it clear of the button.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
import { layout } from './layout';

export interface TabletPanelProps {
  /** The button's text, e.g. 'Recent Articles'. */
  label: string;
  /** Where the button sits: top-left (the recent articles) or bottom-left (the GLOBE panel). */
  corner: 'top-left' | 'bottom-left';
  testId: string;
  children: ReactNode;
}

export function TabletPanel({ label, corner, testId, children }: TabletPanelProps) {
  useSignals();
  const [open, setOpen] = useState(false);
  if (layout.value !== 'tablet') return <>{children}</>;
  return (
    <div className={`tablet-panel tablet-panel--${corner}`} data-testid={testId}>
      <button
        type="button"
        className="tablet-panel__button"
        aria-expanded={open}
        data-testid={`${testId}-button`}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      {open && children}
    </div>
  );
}
