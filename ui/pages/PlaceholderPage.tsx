import { Link } from 'wouter';
import { Navbar } from '../components/Navbar';

/** A route whose page is later work: the globe behind, a plain heading in front. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="app-shell">
      <Navbar />
      <main className="placeholder">
        <h1>{title}</h1>
        <p>
          This view is being built. <Link href="/app">Back to the globe</Link>
        </p>
      </main>
    </div>
  );
}

export function NotFoundPage() {
  return <PlaceholderPage title="Page not found" />;
}
