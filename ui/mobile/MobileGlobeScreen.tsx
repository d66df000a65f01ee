/**
 * The phone globe screen (spec globe.md section 2 'Globe screen (mobile, variant)', application.md
 * section 2 'Mobile globe screen'), shown by /app, /globe, /globe-optimized and /spatial at phone
 * width: a 48 px top bar (brand, search), a 72 px bottom tab bar (Layers, Search, Articles,
 * Settings), each tab opening a kit bottom sheet at the spec's height, a quick bar of globe tools
 * above the tab bar (./QuickBar.tsx) and the gesture tips once (./GestureTips.tsx). A tab press toggles its
 * sheet; a sheet closes on a backdrop tap, a downward drag over 100 px or its close button. Taps
 * vibrate 10 ms where the device can.
 *
 * The sheets are modal <dialog>s, so while one is open the tab bar under the backdrop is inert: a
 * tap there lands on the backdrop. The screen remembers where the last tap went down and, when a
 * backdrop tap closes the sheet over a tab, treats it as that tab's press (same tab: closed;
 * another tab: that tab's sheet opens).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../components/kit/Icon';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Sheet } from '../components/kit';
import { countRender } from '../shell/testHooks';
import { GestureTips } from './GestureTips';
import { LongPressCard } from './LongPressCard';
import { QuickBar } from './QuickBar';
import {
  closeSheet,
  hapticTap,
  MOBILE_TABS,
  mobileSheet,
  pressTab,
  SHEET_HEIGHT_VH,
  type MobileTab,
} from './mobileState';
import { ArticlesSheet, LayersSheet, SearchSheet, SettingsSheet } from './sheets';
import './mobile.css';

const TITLES: Readonly<Record<MobileTab, string>> = {
  layers: 'Layers',
  search: 'Search',
  articles: 'Articles',
  settings: 'Settings',
};

/** A tap on a backdrop counts for a tab when it went down this recently, ms. */
const TAP_MEMORY_MS = 1000;

/** The tab whose button contains (x, y), if any. */
function tabAt(x: number, y: number): MobileTab | null {
  for (const el of document.querySelectorAll<HTMLElement>('[data-mobile-tab]')) {
    const r = el.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) {
      return el.dataset['mobileTab'] as MobileTab;
    }
  }
  return null;
}

/** Spec sheet height, never taller than the space above the tab bar. */
function sheetHeight(tab: MobileTab): string {
  return `min(${SHEET_HEIGHT_VH[tab]}vh, calc(100dvh - var(--mobile-tabbar-h) - var(--safe-bottom) - var(--safe-top)))`;
}

export default function MobileGlobeScreen() {
  countRender('MobileGlobeScreen');
  useSignals();
  const open = mobileSheet.value;
  const lastDown = useRef<{ x: number; y: number; t: number } | null>(null);

  useEffect(() => {
    const onDown = (e: PointerEvent): void => {
      lastDown.current = { x: e.clientX, y: e.clientY, t: performance.now() };
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      closeSheet();
    };
  }, []);

  const onSheetClose = (): void => {
    const d = lastDown.current;
    const tab = d !== null && performance.now() - d.t < TAP_MEMORY_MS ? tabAt(d.x, d.y) : null;
    lastDown.current = null;
    if (tab !== null) {
      hapticTap();
      pressTab(tab);
    } else {
      closeSheet();
    }
  };

  return (
    <div className="mobile-screen" data-testid="mobile-screen">
      <header className="mobile-topbar" data-testid="mobile-topbar" data-occludes="">
        <Link href="/" className="mobile-topbar__brand" onClick={() => hapticTap()}>
          <span className="navbar__logo" aria-hidden="true" />
          ATLAS
        </Link>
        <button
          type="button"
          className="mobile-topbar__search"
          aria-label="Search articles and places"
          data-testid="mobile-search-button"
          onClick={() => {
            hapticTap();
            mobileSheet.value = 'search';
          }}
        >
          <span aria-hidden="true">⌕</span> Search
        </button>
      </header>
      <LongPressCard />
      <QuickBar />
      <GestureTips />
      <nav className="mobile-tabbar" aria-label="Globe tools" data-testid="mobile-tabbar">
        {MOBILE_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            className="mobile-tabbar__tab"
            aria-pressed={open === t.key}
            data-mobile-tab={t.key}
            data-testid={`mobile-tab-${t.key}`}
            onClick={() => {
              hapticTap();
              pressTab(t.key);
            }}
          >
            <span className="mobile-tabbar__icon" aria-hidden="true">
              {t.icon === 'gear' ? <Icon name="gear" /> : t.icon}
            </span>
            {t.label}
          </button>
        ))}
      </nav>
      {open !== null && (
        <Sheet
          open
          onClose={onSheetClose}
          title={TITLES[open]}
          height={sheetHeight(open)}
          testId={`mobile-sheet-${open}`}
          className="mobile-sheet"
        >
          {open === 'layers' && <LayersSheet />}
          {open === 'search' && <SearchSheet />}
          {open === 'articles' && <ArticlesSheet />}
          {open === 'settings' && <SettingsSheet />}
        </Sheet>
      )}
    </div>
  );
}
