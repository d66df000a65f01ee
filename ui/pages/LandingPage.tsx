import { Link } from 'wouter';
import { START_LOADING_EVENT } from '../shell/shellState';

const FEATURES: readonly { title: string; text: string; href: string }[] = [
  {
    title: '3D Globe View',
    text: 'Click and explore stories on an interactive Earth.',
    href: '/app',
  },
  { title: 'Live Feed', text: 'Chronological stream of breaking news worldwide.', href: '/feeds' },
  {
    title: 'AI Analysis',
    text: 'Discover patterns and predictions in real-time.',
    href: '/intelligence',
  },
];

export function LandingPage() {
  return (
    <main className="landing">
      <section className="landing__hero">
        <h1 className="landing__logo">ATLAS</h1>
        <p className="landing__tagline">Where the Planet becomes the Platform</p>
        <p className="landing__subtitle">
          The World&apos;s First AI Native Spatial Media Application
        </p>
        <p className="landing__line">Real-time global news visualization powered by AI</p>
        <Link
          href="/app"
          className="button button--primary"
          onClick={() => window.dispatchEvent(new Event(START_LOADING_EVENT))}
        >
          Enter ATLAS
        </Link>
      </section>
      <section className="landing__features" aria-label="Features">
        {FEATURES.map((f) => (
          <Link key={f.title} href={f.href} className="feature-card">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </Link>
        ))}
      </section>
      <footer className="landing__footer">
        The World&apos;s Events, Live on One Globe. Spatial intelligence platform for real-time
        global awareness.
      </footer>
    </main>
  );
}
