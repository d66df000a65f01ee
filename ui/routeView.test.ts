import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Command } from '../engine/commands';

const { sent } = vi.hoisted(() => ({ sent: [] as Command[] }));
vi.mock('../engine/commands', () => ({
  sendCommand: (c: Command): void => {
    sent.push(c);
  },
}));
const drainInto = (out: Command[]): void => {
  out.push(...sent.splice(0));
};
import { applyRouteView, applyViewForPath } from './routeView';

function drained(): Command[] {
  const out: Command[] = [];
  drainInto(out);
  return out;
}

describe('route view', () => {
  beforeEach(() => {
    applyRouteView('background', undefined);
    drained();
  });

  it('sends the route view at boot with the display layers of the main globe', () => {
    applyViewForPath('/app');
    const sent = drained();
    expect(sent[0]).toEqual({ type: 'setView', view: 'app' });
    const layers = Object.fromEntries(
      sent.flatMap((c) => (c.type === 'setLayer' ? [[c.layer, c.on]] : [])),
    );
    // Spec globe.md display defaults.
    expect(layers).toEqual({
      grid: true,
      labels: true,
      timezones: false,
      dayNight: false,
      solarSystem: false,
      moon: true,
      markers: true,
    });
  });

  it('does not re-send the same view (React mounting after the first frame)', () => {
    applyViewForPath('/app');
    drained();
    applyRouteView('app', undefined);
    expect(drained()).toEqual([]);
    applyRouteView('background', undefined);
    expect(drained()).toEqual([{ type: 'setView', view: 'background' }]);
  });

  it('a globe variant keeps its own layers; an unknown path gets the background view', () => {
    applyViewForPath('/globe-minimal');
    expect(drained()).toEqual([{ type: 'setView', view: 'app', variant: 'globe-minimal' }]);
    applyViewForPath('/no-such-page');
    expect(drained()).toEqual([{ type: 'setView', view: 'background' }]);
  });
});
