import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { markerRestricted } from '../../engine/signals';

/** How long the guest notice stays up. */
const NOTICE_MS = 5000;

/** Shown when a guest clicks a marker: opening articles needs an account (spec section 6). */
export function MarkerNotice() {
  useSignals();
  const at = markerRestricted.value;
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return undefined;
    setShownAt(at);
    const t = setTimeout(() => setShownAt(null), NOTICE_MS);
    return () => clearTimeout(t);
  }, [at]);
  if (shownAt === null) return null;
  return (
    <div className="marker-notice" role="status" data-testid="marker-restricted">
      Sign in to open articles from the globe. <Link href="/login">Sign in</Link>
    </div>
  );
}
