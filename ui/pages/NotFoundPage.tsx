import { Link } from 'wouter';
import { Navbar } from '../components/Navbar';

/** An unknown path (and the disabled /globe3): says so, with the ways back. */
export function NotFoundPage() {
  return (
    <div className="app-shell">
      <Navbar />
      <main className="placeholder" id="main">
        <h1>Page not found</h1>
        <p>
          There is nothing at this address. <Link href="/">Home</Link> ·{' '}
          <Link href="/app">Open the globe</Link>
        </p>
      </main>
    </div>
  );
}
