/**
 * The small GLOBE panel (spec globe.md section 2): 'Globe Sphere ON/OFF', the sphere style choice
 * ('Blue Ocean', 'Ethereal Core', 'Transparent', 'Grid Core'), the ocean sphere's scale (100-200
 * %) and the true-scale sun, moon and planets; and on /xr the WebXR entry (or a plain statement
 * that this browser has none). Everything goes through commands; state comes from the
 * `globeAppearance` signal.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { sendCommand } from '../../engine/commands';
import { SPHERE_STYLES, SPHERE_STYLE_LABELS, globeAppearance } from '../../engine/signals';
import './globePanel.css';

export function GlobePanel() {
  useSignals();
  const g = globeAppearance.value;
  return (
    <section className="globe-panel" aria-label="Globe" data-testid="globe-panel" data-occludes="">
      <h2 className="panel-heading">Globe</h2>
      <button
        type="button"
        className="globe-panel__toggle"
        aria-pressed={g.sphere}
        onClick={() => sendCommand({ type: 'setGlobeSphere', on: !g.sphere })}
      >
        Globe Sphere {g.sphere ? 'ON' : 'OFF'}
      </button>
      <div className="globe-panel__styles" role="radiogroup" aria-label="Sphere style">
        {SPHERE_STYLES.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={g.style === s}
            className={g.style === s ? 'globe-panel__style is-on' : 'globe-panel__style'}
            onClick={() => sendCommand({ type: 'setGlobeSphere', style: s })}
          >
            {SPHERE_STYLE_LABELS[s]}
          </button>
        ))}
      </div>
      <label className="globe-panel__row">
        <span>Ocean scale</span>
        <input
          type="range"
          min={100}
          max={200}
          step={5}
          value={g.oceanScalePercent}
          aria-label="Ocean sphere scale"
          onChange={(e) =>
            sendCommand({ type: 'setGlobeSphere', oceanScalePercent: Number(e.target.value) })
          }
        />
        <output>{Math.round(g.oceanScalePercent)} %</output>
      </label>
      <label className="globe-panel__row">
        <input
          type="checkbox"
          checked={g.trueScale}
          onChange={(e) => sendCommand({ type: 'setTrueScale', on: e.target.checked })}
        />
        <span>True scale sun, moon &amp; planets</span>
      </label>
    </section>
  );
}

/** The part of `navigator.xr` used here (lib.dom has no WebXR types). */
interface XrSystemLike {
  isSessionSupported(mode: string): Promise<boolean>;
}

/** Spec route /xr: enter immersive VR where the browser offers it, else say so plainly. */
export function XrPanel() {
  useSignals();
  const [support, setSupport] = useState<'checking' | 'yes' | 'no'>('checking');
  useEffect(() => {
    const xr = (navigator as Navigator & { xr?: XrSystemLike }).xr;
    if (xr === undefined) {
      setSupport('no');
      return;
    }
    xr.isSessionSupported('immersive-vr').then(
      (ok) => setSupport(ok ? 'yes' : 'no'),
      () => setSupport('no'),
    );
  }, []);
  const status = globeAppearance.value.xr;
  // The in-headset panels (article card, layer toggles) in front of this view: a preview for
  // people without a headset. Leaving /xr turns it off in the engine.
  const [preview, setPreview] = useState(false);
  // While it shows, the page's own panels step aside (globePanel.css), as in a headset where the
  // DOM is not drawn: only the navbar and this panel stay.
  useEffect(() => {
    if (!preview) return;
    document.documentElement.setAttribute('data-xr-preview', '');
    return () => document.documentElement.removeAttribute('data-xr-preview');
  }, [preview]);
  return (
    <section className="xr-panel" aria-label="WebXR" data-testid="xr-panel" data-occludes="">
      <h2 className="panel-heading">WebXR</h2>
      {support === 'checking' && <p>Checking for WebXR...</p>}
      {support === 'no' && (
        <p role="status">
          WebXR is not available in this browser. The globe below works as usual; open this page in
          a VR-capable browser to enter immersive mode.
        </p>
      )}
      {support === 'yes' && (
        <>
          <button
            type="button"
            disabled={status.state === 'entering' || status.state === 'active'}
            onClick={() => sendCommand({ type: 'enterXr' })}
          >
            {status.state === 'active' ? 'In VR' : 'Enter VR'}
          </button>
          {status.state === 'failed' && <p role="alert">{status.message}</p>}
        </>
      )}
      <button
        type="button"
        aria-pressed={preview}
        data-testid="xr-preview"
        onClick={() => {
          sendCommand({ type: 'setXrPanelsPreview', on: !preview });
          setPreview(!preview);
        }}
      >
        {preview ? 'Hide the headset panels' : 'Preview the headset panels'}
      </button>
    </section>
  );
}
