/**
 * The navbar's phone and tablet forms (spec globe.md section 2 'Responsive layouts'):
 * - phone (<= 768 px): a compact top bar (brand, search, settings), a bottom navigation with the
 *   navbar's 5 views plus More (a sheet holding account, about, docs, settings and sign in/out).
 *   The settings button sits in the top bar, not floating over the page: on these scrolling pages
 *   a floating button covered the right end of rows (alerts, feed cards). The phone globe screen
 *   has its own Settings tab (ui/mobile/MobileGlobeScreen.tsx);
 * - tablet (769-1024 px): the top bar with a hamburger menu holding the same links, the search
 *   button and the user menu (the desktop live stats stay off: they are what overflowed).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../components/kit/Icon';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { auth } from '../auth/authState';
import { Button, Sheet } from '../components/kit';
import { hapticTap } from '../mobile/mobileState';
import { layout } from './layout';
import '../mobile/mobile.css';
import { openSearch, settingsOpen } from './shellState';
import { UserMenu } from './UserMenu';

/** The navbar's main views (the same five links as the desktop navbar). */
export const NAV_LINKS: readonly { href: string; label: string; icon: string }[] = [
  { href: '/app', label: 'Globe', icon: '◎' },
  { href: '/feeds', label: 'Feeds', icon: '≡' },
  { href: '/intelligence', label: 'Intelligence', icon: '◈' },
  { href: '/layers', label: 'Layers', icon: '◫' },
  { href: '/analytics', label: 'Analytics', icon: '▤' },
];

/** The More sheet's links (spec: account, about, docs; sign in/out below them). */
export const MORE_LINKS: readonly { href: string; label: string }[] = [
  { href: '/account', label: 'Account & Preferences' },
  { href: '/about', label: 'About' },
  { href: '/docs', label: 'Documentation' },
];

function MoreSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const [, navigate] = useLocation();
  const current = auth.user.value;
  // A guest (the local guest identity of guest-allowed routes) is not signed in.
  const user = current !== null && current.role !== 'guest' ? current : null;
  return (
    <Sheet open={open} onClose={onClose} title="More" height="60vh" testId="mobile-more-sheet">
      <nav className="mobile-more" aria-label="More">
        {user !== null && (
          <p className="mobile-more__who">
            Signed in as <strong>{user.name}</strong>
          </p>
        )}
        {MORE_LINKS.map((l) => (
          <Link key={l.href} href={l.href} className="mobile-more__link" onClick={onClose}>
            {l.label}
          </Link>
        ))}
        <button
          type="button"
          className="mobile-more__link"
          data-testid="mobile-more-settings"
          onClick={() => {
            onClose();
            settingsOpen.value = true;
          }}
        >
          Settings
        </button>
        {user === null ? (
          <Link href="/login" className="mobile-more__link" onClick={onClose}>
            Sign In
          </Link>
        ) : (
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              void auth.logout().then(() => navigate('/login'));
            }}
          >
            Sign Out
          </Button>
        )}
      </nav>
    </Sheet>
  );
}

function SearchButton({ testId }: { testId: string }) {
  return (
    <button
      type="button"
      className="mobile-topbar__search"
      aria-label="Search articles and places"
      data-testid={testId}
      onClick={() => {
        hapticTap();
        openSearch();
      }}
    >
      <span aria-hidden="true">⌕</span> Search
    </button>
  );
}

/**
 * Phone: compact top bar and bottom navigation. `topBar={false}` for pages with their own header
 * (the public pages' Back to Home and Launch): the bottom navigation only (settings in More).
 */
export function PhoneNav({ topBar = true }: { topBar?: boolean }) {
  const [location] = useLocation();
  const [more, setMore] = useState(false);
  return (
    <>
      {topBar && (
        <header className="mobile-topbar" data-testid="navbar" data-occludes="">
          <Link href="/" className="mobile-topbar__brand">
            <span className="navbar__logo" aria-hidden="true" />
            ATLAS
          </Link>
          <span className="mobile-topbar__actions">
            <SearchButton testId="navbar-search" />
            <button
              type="button"
              className="mobile-topbar__settings"
              aria-label="Settings"
              title="Settings"
              data-testid="mobile-settings-button"
              onClick={() => {
                hapticTap();
                settingsOpen.value = true;
              }}
            >
              <Icon name="gear" />
            </button>
          </span>
        </header>
      )}
      <nav className="mobile-tabbar" aria-label="Main" data-testid="mobile-bottom-nav">
        {NAV_LINKS.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            className="mobile-tabbar__tab"
            aria-current={location === l.href ? 'page' : undefined}
            onClick={() => hapticTap()}
          >
            <span className="mobile-tabbar__icon" aria-hidden="true">
              {l.icon}
            </span>
            {l.label}
          </Link>
        ))}
        <button
          type="button"
          className="mobile-tabbar__tab"
          aria-haspopup="dialog"
          aria-expanded={more}
          data-testid="mobile-nav-more"
          onClick={() => {
            hapticTap();
            setMore(true);
          }}
        >
          <span className="mobile-tabbar__icon" aria-hidden="true">
            ⋯
          </span>
          More
        </button>
      </nav>
      <MoreSheet open={more} onClose={() => setMore(false)} />
    </>
  );
}

/** The phone bottom navigation for a page with its own header; nothing at other sizes. */
export function PhoneBottomNav() {
  useSignals();
  return layout.value === 'phone' ? <PhoneNav topBar={false} /> : null;
}

/** Tablet: brand, hamburger menu with the links, search and the user menu. */
export function TabletNav() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: PointerEvent): void => {
      if (root.current !== null && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <header className="navbar navbar--tablet" data-testid="navbar" data-occludes="">
      <div className="tablet-menu" ref={root}>
        <button
          type="button"
          className="tablet-menu__button"
          aria-label="Menu"
          aria-haspopup="menu"
          aria-expanded={open}
          data-testid="tablet-menu-button"
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="menu" />
        </button>
        {open && (
          <nav className="tablet-menu__panel" aria-label="Main" data-testid="tablet-menu">
            {[...NAV_LINKS, ...MORE_LINKS].map((l) => (
              <Link
                key={l.href}
                href={l.href}
                className={
                  location === l.href
                    ? 'tablet-menu__link tablet-menu__link--active'
                    : 'tablet-menu__link'
                }
                aria-current={location === l.href ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {l.label}
              </Link>
            ))}
          </nav>
        )}
      </div>
      <Link href="/" className="navbar__brand">
        <span className="navbar__logo" aria-hidden="true" />
        ATLAS
      </Link>
      <span className="navbar__spacer" />
      <SearchButton testId="navbar-search" />
      <UserMenu />
    </header>
  );
}
