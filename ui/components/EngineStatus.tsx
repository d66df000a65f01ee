import { useSignals } from '@preact/signals-react/runtime';
import { engineError, engineReady } from '../../engine/signals';

/** The route-level loading screen until the globe's first frame, or the engine's error. */
export function EngineStatus() {
  useSignals();
  const error = engineError.value;
  if (error) {
    return (
      <div className="engine-status engine-status--error" role="alert">
        <h2>SYSTEM ERROR DETECTED</h2>
        <p>{error.message !== '' ? error.message : 'An unexpected error occurred'}</p>
        <p>The application needs to restart.</p>
        <pre>{error.detail}</pre>
        <button type="button" onClick={() => window.location.reload()}>
          RESTART APPLICATION
        </button>
      </div>
    );
  }
  if (engineReady.value) return null;
  return (
    <div className="engine-status" aria-live="polite">
      <div className="engine-status__spinner" />
      <h2>ATLAS LOADING</h2>
      <p>Initializing intelligence systems...</p>
    </div>
  );
}

/** The route-level loading page (spec section 2) while a lazy page loads. */
export function RouteLoading() {
  return (
    <div className="engine-status" aria-live="polite" data-testid="route-loading">
      <div className="engine-status__spinner" />
      <h2>ATLAS LOADING</h2>
      <p>Initializing intelligence systems...</p>
    </div>
  );
}
