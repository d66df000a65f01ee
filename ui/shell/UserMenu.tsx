/**
 * The navbar's user menu (spec section 2 "Layout"): name, email, role badge (admin red, user
 * white, others gray) and links to Profile Settings, Feeds, Intelligence, Layers, About, and
 * Logout (which calls the API, clears the state and goes to /login).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Role } from '../../data/permissions';
import { auth } from '../auth/authState';
import { roleLabel } from '../auth/access';
import { settingsOpen } from './shellState';
import { countRender } from './testHooks';

const MENU_LINKS: readonly { href: string; label: string }[] = [
  { href: '/account', label: 'Profile Settings' },
  { href: '/feeds', label: 'Feeds' },
  { href: '/intelligence', label: 'Intelligence' },
  { href: '/layers', label: 'Layers' },
  { href: '/about', label: 'About' },
];

/** Spec badge colours: admin red, user white, others gray. */
export function roleBadgeClass(role: Role): string {
  return role === 'admin'
    ? 'role-badge--admin'
    : role === 'user'
      ? 'role-badge--user'
      : 'role-badge--other';
}

function initials(name: string): string {
  const parts = name
    .trim()
    .split(/\s+/)
    .filter((p) => p !== '');
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}

export function UserMenu() {
  countRender('UserMenu');
  useSignals();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
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
  const user = auth.user.value;
  if (user === null) {
    return (
      <Link href="/login" className="navbar__signin">
        Sign In
      </Link>
    );
  }
  const logout = (): void => {
    setOpen(false);
    void auth.logout().then(() => navigate('/login'));
  };
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="user-menu-button"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="user-menu__name">{user.name}</span>
      </button>
      {open && (
        <div className="user-menu__panel" role="menu" data-testid="user-menu">
          <div className="user-menu__who">
            <strong>{user.name}</strong>
            {user.email !== '' && <span className="user-menu__email">{user.email}</span>}
            <span className={`role-badge ${roleBadgeClass(user.role)}`} data-testid="role-badge">
              {roleLabel(user.role)}
            </span>
          </div>
          {MENU_LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              role="menuitem"
              className="user-menu__item"
              onClick={() => setOpen(false)}
            >
              {l.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            data-testid="user-menu-settings"
            onClick={() => {
              setOpen(false);
              settingsOpen.value = true;
            }}
          >
            Settings
          </button>
          <button type="button" role="menuitem" className="user-menu__item" onClick={logout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
