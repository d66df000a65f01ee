/**
 * The first-run walkthrough overlay (rules in ui/overlays/walkthrough.ts): opens 2 s after the
 * globe page mounts unless already seen; Skip, the close button, the backdrop or Get Started
 * mark it seen in localStorage.
 */
import { useEffect, useReducer } from 'react';
import { walkthroughAllowed } from '../shell/testHooks';
import {
  WALKTHROUGH_DELAY_MS,
  WALKTHROUGH_SEEN_KEY,
  WALKTHROUGH_STEPS,
  walkthroughReducer,
  walkthroughSeen,
} from './walkthrough';

function markSeen(): void {
  try {
    localStorage.setItem(WALKTHROUGH_SEEN_KEY, 'true');
  } catch {
    // Storage blocked: it shows again next visit, nothing worse.
  }
}

export function Walkthrough() {
  const [state, dispatch] = useReducer(walkthroughReducer, { open: false, step: 0 });
  useEffect(() => {
    if (walkthroughSeen(localStorage) || !walkthroughAllowed()) return undefined;
    const t = setTimeout(() => dispatch('show'), WALKTHROUGH_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  if (!state.open) return null;
  const last = WALKTHROUGH_STEPS.length - 1;
  const step = WALKTHROUGH_STEPS[state.step] ?? WALKTHROUGH_STEPS[0];
  const finish = (): void => {
    markSeen();
    dispatch('finish');
  };
  return (
    <div
      className="modal-backdrop"
      data-testid="walkthrough-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) finish();
      }}
    >
      <section
        className="modal walkthrough"
        data-occludes=""
        role="dialog"
        aria-modal="true"
        aria-label="Welcome to ATLAS"
        data-testid="walkthrough"
      >
        <button type="button" className="modal__close" aria-label="Close" onClick={finish}>
          ×
        </button>
        <p className="walkthrough__count">
          Step {state.step + 1} of {WALKTHROUGH_STEPS.length}
        </p>
        <h2>{step?.title}</h2>
        <p className="walkthrough__text">{step?.text}</p>
        <div className="walkthrough__dots" aria-hidden="true">
          {WALKTHROUGH_STEPS.map((s, i) => (
            <span key={s.title} className={i === state.step ? 'dot dot--on' : 'dot'} />
          ))}
        </div>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={finish}>
            Skip
          </button>
          <span className="modal__spacer" />
          <button
            type="button"
            className="btn"
            disabled={state.step === 0}
            onClick={() => dispatch('previous')}
          >
            Previous
          </button>
          {state.step < last ? (
            <button type="button" className="btn btn--primary" onClick={() => dispatch('next')}>
              Next
            </button>
          ) : (
            <button type="button" className="btn btn--primary" onClick={finish}>
              Get Started
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
