/**
 * /layers: every globe layer in one catalogue (generated from the engine's LAYER_NAMES), with
 * its toggle, a preview of what it shows, data source and licence, keyboard key; the frame's
 * cost (draw calls, triangles) from the engine's stats, and the quality mode and sphere style.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { sendCommand } from '../../../engine/commands';

import {
  SPHERE_STYLES,
  SPHERE_STYLE_LABELS,
  drawCalls,
  globeAppearance,
  layerState,
  type LayerName,
  qualityInfo,
  triangles,
} from '../../../engine/signals';
import { Navbar } from '../../components/Navbar';
import { Button, Panel, Toggle } from '../../components/kit';
import { catalogue, GROUP_LABELS, LAYER_INFO, layerKey } from './layerCatalogue';
import '../views.css';

const QUALITY_MODES = ['auto', 'low', 'medium', 'high'] as const;

function LayerCard({ layer }: { layer: LayerName }) {
  useSignals();
  const info = LAYER_INFO[layer];
  const on = layerState.value?.[layer] ?? false;
  const key = layerKey(layer);
  return (
    <li className="layer-card" data-testid="layer-card" data-layer={layer}>
      <span
        className="layer-card__preview"
        style={{ background: info.preview, opacity: on ? 1 : 0.35 }}
        aria-hidden="true"
      />
      <div>
        <h3 className="layer-card__name">
          {info.label} {key !== null ? <kbd className="view-key">{key}</kbd> : null}
        </h3>
        <p className="layer-card__meta">{info.what}</p>
        <p className="layer-card__meta">
          Source: {info.source} · Licence: {info.licence}
        </p>
      </div>
      <Toggle
        label={<span className="visually-hidden">{info.label}</span>}
        checked={on}
        onChange={(next) => sendCommand({ type: 'setLayer', layer, on: next })}
        testId={`layer-toggle-${layer}`}
      />
    </li>
  );
}

export default function LayersPage() {
  useSignals();
  const quality = qualityInfo.value;
  const appearance = globeAppearance.value;
  const currentQuality = quality === null ? 'auto' : (quality.override ?? 'auto');
  return (
    <div className="app-shell">
      <Navbar />
      <main className="view-page" data-testid="layers-page">
        <header className="view-page__header">
          <div>
            <h1>Layers</h1>
            <p className="view-page__sub" data-testid="layers-cost">
              This frame: {drawCalls.value} draw calls · {triangles.value.toLocaleString()}{' '}
              triangles
              {quality !== null
                ? ` · ${quality.mode} quality, ${String(Math.round(quality.fps))} fps`
                : ''}
            </p>
          </div>
        </header>
        <div className="view-grid">
          <Panel title="Quality" headingLevel={2}>
            <div className="view-actions" role="group" aria-label="Quality mode">
              {QUALITY_MODES.map((m) => (
                <Button
                  key={m}
                  size="small"
                  variant={m === currentQuality ? 'primary' : 'default'}
                  aria-pressed={m === currentQuality}
                  onClick={() => sendCommand({ type: 'setQuality', mode: m })}
                >
                  {m}
                </Button>
              ))}
            </div>
          </Panel>
          <Panel title="Globe sphere" headingLevel={2}>
            <div className="view-actions" role="group" aria-label="Sphere style">
              {SPHERE_STYLES.map((s) => (
                <Button
                  key={s}
                  size="small"
                  variant={s === appearance.style ? 'primary' : 'default'}
                  aria-pressed={s === appearance.style}
                  onClick={() => sendCommand({ type: 'setGlobeSphere', style: s })}
                >
                  {SPHERE_STYLE_LABELS[s]}
                </Button>
              ))}
            </div>
          </Panel>
          {catalogue().map(({ group, layers }) => (
            <Panel key={group} title={GROUP_LABELS[group]} className="view-span-all">
              <ul className="view-grid view-list" data-testid={`layer-group-${group}`}>
                {layers.map((l) => (
                  <LayerCard key={l} layer={l} />
                ))}
              </ul>
            </Panel>
          ))}
        </div>
      </main>
    </div>
  );
}
