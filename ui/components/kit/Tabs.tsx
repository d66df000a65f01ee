import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  tabs: readonly TabDef<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The active tab's panel. */
  children?: ReactNode;
  className?: string;
}

/**
 * WAI-ARIA tabs: a tablist with roving tabindex (arrow keys, Home, End move and select), one
 * tabpanel labelled by its tab.
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
  className,
}: TabsProps<K>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement | null>(null);
  const tabId = (key: K): string => `${base}-tab-${key}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const i = tabs.findIndex((t) => t.key === active);
    let next: number;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    else return;
    e.preventDefault();
    const tab = tabs[next];
    if (tab === undefined) return;
    onChange(tab.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus();
  };

  return (
    <div className={className === undefined ? 'kit-tabs' : `kit-tabs ${className}`}>
      <div
        ref={listRef}
        className="kit-tabs__list"
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => (
          <button
            key={t.key}
            id={tabId(t.key)}
            type="button"
            role="tab"
            className="kit-tabs__tab"
            aria-selected={t.key === active}
            aria-controls={panelId}
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="kit-tabs__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </div>
  );
}
