import { Link } from 'wouter';
import type { Role } from '../../data/permissions';
import { roleLabel } from './access';

/** Spec section 2 "Access-denied page": a role below the route's minimum. */
export function AccessDenied({ required }: { required: Role }) {
  return (
    <main className="glass-page access-denied" role="alert" data-testid="access-denied">
      <h1>ACCESS DENIED</h1>
      <p>You do not have the required permissions to access this area.</p>
      <p className="access-denied__role">Required role: {roleLabel(required)}</p>
      <Link href="/app" className="button button--primary">
        Back to the globe
      </Link>
    </main>
  );
}
