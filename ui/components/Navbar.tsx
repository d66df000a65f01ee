/**
 * The top navbar (spec section 2 "Layout"): logo, the main links, the search box with its
 * Cmd/Ctrl+K hint (opens the search overlay through `searchOpen`; the overlay owns the shortcut), live stats, the user menu and
 * the minimise control. It auto-minimises after 60 s idle and 5 s after the pointer leaves, and
 * expands on hover; the manual control turns auto-hide off (ui/shell/autoHide.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { NavbarAutoHide } from '../shell/autoHide';
import { layout } from '../shell/layout';
import { PhoneNav, TabletNav } from '../shell/MobileNav';
import { navbarMinimized, openSearch } from '../shell/shellState';
import { countRender } from '../shell/testHooks';
import { SettingsButton } from '../settings/SettingsHost';
import { UserMenu } from '../shell/UserMenu';
import { HudStats } from './HudStats';

const LINKS: readonly { href: string; label: string }[] = [
  { href: '/app', label: 'Globe' },
  { href: '/feeds', label: 'Feeds' },
  { href: '/intelligence', label: 'Intelligence' },
  { href: '/layers', label: 'Layers' },
  { href: '/analytics', label: 'Analytics' },
];

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function Navbar() {
  countRender('Navbar');
  useSignals();
  // Phones and tablets have their own forms (ui/shell/MobileNav.tsx).
  const form = layout.value;
  if (form === 'phone') return <PhoneNav />;
  if (form === 'tablet') return <TabletNav />;
  return <DesktopNavbar />;
}

function DesktopNavbar() {
  const [location] = useLocation();
  const hide = useRef<NavbarAutoHide | null>(null);
  useEffect(() => {
    const h = new NavbarAutoHide(
      (m) => {
        navbarMinimized.value = m;
      },
      {
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (t) => window.clearTimeout(t as number),
      },
    );
    hide.current = h;
    navbarMinimized.value = false;
    h.start();
    return () => h.dispose();
  }, []);
  const minimized = navbarMinimized.value;
  return (
    <header
      className={minimized ? 'navbar navbar--minimized' : 'navbar'}
      data-testid="navbar"
      data-occludes=""
      onPointerEnter={() => hide.current?.pointerEnter()}
      onPointerLeave={() => hide.current?.pointerLeave()}
    >
      <Link href="/" className="navbar__brand">
        <span className="navbar__logo" aria-hidden="true" />
        ATLAS
      </Link>
      <nav className="navbar__links" aria-label="Main">
        {LINKS.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            className={location === l.href ? 'navbar__link navbar__link--active' : 'navbar__link'}
          >
            {l.label}
          </Link>
        ))}
      </nav>
      <button
        type="button"
        className="navbar__search"
        onClick={openSearch}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        data-testid="navbar-search"
      >
        {/* Named by its text, 'Search articles and places', which starts with what is shown; the
            shortcut is given by aria-keyshortcuts. */}
        <span className="navbar__search-icon" aria-hidden="true" />
        <span className="navbar__search-text">
          Search<span aria-hidden="true">...</span>
          <span className="visually-hidden"> articles and places</span>
        </span>
        <kbd aria-hidden="true">{isMac ? '⌘K' : 'Ctrl+K'}</kbd>
      </button>
      <HudStats />
      <SettingsButton className="navbar__minimize navbar__settings" />
      <UserMenu />
      <button
        type="button"
        className="navbar__minimize"
        aria-label={minimized ? 'Expand navigation' : 'Minimize navigation'}
        aria-pressed={minimized}
        data-testid="navbar-minimize"
        onClick={() => hide.current?.toggle()}
      >
        {minimized ? '▾' : '▴'}
      </button>
    </header>
  );
}
