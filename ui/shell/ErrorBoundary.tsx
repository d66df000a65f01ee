/**
 * Error boundaries (spec section 2): each area of the page has its own, so a crashed panel shows a
 * 'Component Error' box (with details and 'Reload Page') while the globe and the rest keep
 * working; the outermost one shows the 'SYSTEM ERROR DETECTED' screen. `?crash=<area>` under
 * automation makes an area throw (ui/shell/testHooks.ts).
 */
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { crashRequested } from './testHooks';

interface State {
  error: Error | null;
}

/** Throws during render when the test hook asks this area to crash. */
function CrashProbe({ area }: { area: string }): null {
  if (crashRequested(area)) throw new Error(`Test crash requested for "${area}"`);
  return null;
}

interface AreaProps {
  area: string;
  children: ReactNode;
  /** Shown while a lazy child loads; 'Loading globe...' by default (spec fallback text). */
  fallback?: ReactNode;
}

export class AreaBoundary extends Component<AreaProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Component error in ${this.props.area}`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error !== null) {
      return (
        <div className="component-error" role="alert" data-testid={`error-${this.props.area}`}>
          <h3>Component Error</h3>
          <p>Something went wrong in this part of ATLAS.</p>
          <details>
            <summary>Details</summary>
            <pre>{error.message}</pre>
          </details>
          <button type="button" onClick={() => window.location.reload()}>
            Reload Page
          </button>
        </div>
      );
    }
    return (
      <Suspense
        fallback={this.props.fallback ?? <div className="area-loading">Loading globe...</div>}
      >
        <CrashProbe area={this.props.area} />
        {this.props.children}
      </Suspense>
    );
  }
}

/** The application-level boundary: 'SYSTEM ERROR DETECTED' and RESTART APPLICATION. */
export class AppBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Application error', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) {
      return (
        <>
          <CrashProbe area="app" />
          {this.props.children}
        </>
      );
    }
    return (
      <div className="engine-status engine-status--error" role="alert">
        <h2>SYSTEM ERROR DETECTED</h2>
        <p>{error.message !== '' ? error.message : 'An unexpected error occurred'}</p>
        <p>The application needs to restart.</p>
        <button type="button" onClick={() => window.location.reload()}>
          RESTART APPLICATION
        </button>
      </div>
    );
  }
}
