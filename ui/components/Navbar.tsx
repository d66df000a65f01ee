import { Link, useLocation } from 'wouter';
import { HudStats } from './HudStats';

const LINKS: readonly { href: string; label: string }[] = [
  { href: '/app', label: 'Globe' },
  { href: '/feeds', label: 'Feeds' },
  { href: '/intelligence', label: 'Intelligence' },
  { href: '/layers', label: 'Layers' },
  { href: '/analytics', label: 'Analytics' },
];

export function Navbar() {
  const [location] = useLocation();
  return (
    <header className="navbar">
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
      <HudStats />
    </header>
  );
}
