/**
 * The choropleth layer's legend (ui/choropleth.ts): what the fills mean, how many countries each
 * class holds, and what is left unfilled. Floating over the globe pages while the layer is on;
 * inline in the Analytics view.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { CHOROPLETH_METRIC_LABELS } from '../../data/choropleth';
import { choroplethError, choroplethLegend } from '../choropleth';
import './choroplethLegend.css';

function windowLabel(hours: number): string {
  return hours % 24 === 0 && hours >= 48 ? `${String(hours / 24)} days` : `${String(hours)} h`;
}

export function ChoroplethLegend({ inline = false }: { inline?: boolean }) {
  useSignals();
  const legend = choroplethLegend.value;
  const error = choroplethError.value;
  if (legend === null && error === '') return null;
  return (
    <section
      className={inline ? 'choropleth-legend choropleth-legend--inline' : 'choropleth-legend'}
      aria-label="Choropleth legend"
      data-testid={inline ? 'choropleth-legend-inline' : 'choropleth-legend'}
      data-occludes={inline ? undefined : ''}
    >
      {legend !== null && (
        <>
          <h2 className="choropleth-legend__title">
            {CHOROPLETH_METRIC_LABELS[legend.metric]} by country, last {windowLabel(legend.hours)}
          </h2>
          <ul className="choropleth-legend__list">
            {legend.entries.map((e) => (
              <li key={e.label}>
                <span className="choropleth-legend__swatch" style={{ background: e.color }} />
                <span>{e.label}</span>
                <span className="choropleth-legend__n">{e.countries}</span>
              </li>
            ))}
          </ul>
          <p className="choropleth-legend__note">
            {legend.countries} countr{legend.countries === 1 ? 'y' : 'ies'} filled
            {legend.note === '' ? '' : ` · ${legend.note}`}
          </p>
        </>
      )}
      {error !== '' && (
        <p className="choropleth-legend__note" role="status">
          {error}
        </p>
      )}
    </section>
  );
}
