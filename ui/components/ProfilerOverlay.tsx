import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatCount } from '../../data/formatting';
import { toChromeTrace } from '../../data/profile';
import { sendCommand } from '../../engine/commands';
import {
  drawCalls,
  entityKinds,
  fps,
  frameMs,
  profileRecording,
  profiling,
  qualityInfo,
  systemMs,
  triangles,
} from '../../engine/signals';

/** The key that toggles the overlay (also `?profile=1` in the URL). */
export const PROFILER_KEY = 'p';

function download(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function heapMb(): number | null {
  const mem = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return mem ? mem.usedJSHeapSize / 1048576 : null;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Per-system timings, frame time, draw calls, triangles, entities, heap, quality rung and why. */
export function ProfilerOverlay() {
  useSignals();
  const [open, setOpen] = useState(
    () => new URLSearchParams(window.location.search).get('profile') === '1',
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (
        e.key.toLowerCase() !== PROFILER_KEY ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        isTyping(e.target)
      )
        return;
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  const systems = Object.entries(systemMs.value).sort((a, b) => b[1] - a[1]);
  const q = qualityInfo.value;
  const heap = heapMb();
  const rec = profileRecording.value;
  const stamp = (rec?.startedAt ?? '').replace(/[:.]/g, '-');
  return (
    <aside className="profiler" aria-label="Profiler" data-testid="profiler" data-occludes="">
      <h3>Profiler</h3>
      <dl>
        <dt>FPS</dt>
        <dd>{fps.value}</dd>
        <dt>our ms / frame</dt>
        <dd>{frameMs.value.toFixed(2)}</dd>
        <dt>draw calls</dt>
        <dd>{drawCalls.value}</dd>
        <dt>triangles</dt>
        <dd>{formatCount(triangles.value)}</dd>
        {Object.entries(entityKinds.value).map(([k, v]) => (
          <div key={k} className="profiler__row">
            <dt>{k}</dt>
            <dd>{formatCount(v)}</dd>
          </div>
        ))}
        <dt>JS heap</dt>
        <dd>{heap === null ? 'n/a' : `${heap.toFixed(1)} MB`}</dd>
        <dt>quality</dt>
        <dd>
          {q
            ? `${q.mode}${q.override ? ' (fixed)' : ''} · ${q.pixelRatio.toFixed(2)}x · ${q.culling}`
            : 'n/a'}
        </dd>
      </dl>
      {q && <p className="profiler__reason">{q.reason}</p>}
      <table>
        <tbody>
          {systems.map(([name, ms]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{ms.toFixed(3)} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="profiler__actions">
        <button
          type="button"
          onClick={() => sendCommand({ type: 'setProfiling', on: !profiling.value })}
        >
          {profiling.value ? 'Stop recording' : 'Record'}
        </button>
        <button
          type="button"
          disabled={!rec}
          onClick={() => rec && download(`atlas-profile-${stamp}.json`, rec)}
        >
          Export JSON
        </button>
        <button
          type="button"
          disabled={!rec}
          onClick={() => rec && download(`atlas-trace-${stamp}.json`, toChromeTrace(rec))}
        >
          Export trace
        </button>
      </div>
      {rec && <p className="profiler__reason">{rec.frames.length} frames recorded</p>}
    </aside>
  );
}
