import { describe, expect, it } from 'vitest';
import { cameraNotReadyMessage, formatLatLon, geolocationErrorMessage, keyAction } from './keymap';

describe('keyAction', () => {
  it('maps the wired keys', () => {
    expect(keyAction('r', 'KeyR')).toEqual({ kind: 'reset' });
    expect(keyAction('N', 'KeyN')).toEqual({ kind: 'north' });
    expect(keyAction('ArrowLeft', 'ArrowLeft')).toEqual({ kind: 'rotate', dLon: -1, dLat: 0 });
    expect(keyAction('w', 'KeyW')).toEqual({ kind: 'rotate', dLon: 0, dLat: 1 });
    expect(keyAction('+', 'Equal')).toEqual({ kind: 'zoom', dir: 1 });
    expect(keyAction('+', 'BracketRight')).toEqual({ kind: 'zoom', dir: 1 }); // other layouts
    expect(keyAction('-', 'NumpadSubtract')).toEqual({ kind: 'zoom', dir: -1 });
    expect(keyAction('g', 'KeyG')).toEqual({ kind: 'layer', layer: 'grid' });
    expect(keyAction('t', 'KeyT')).toEqual({ kind: 'layer', layer: 'timezones' });
    expect(keyAction('s', 'KeyS')).toMatchObject({
      kind: 'tapLayerHoldRotate',
      layer: 'solarSystem',
    });
    expect(keyAction('d', 'KeyD')).toMatchObject({ kind: 'tapLayerHoldRotate', layer: 'dayNight' });
    expect(keyAction('?', 'Slash')).toEqual({ kind: 'shortcuts' });
    expect(keyAction('x', 'KeyX')).toBeNull();
  });
});

describe('geolocation messages', () => {
  it('uses the spec texts', () => {
    expect(geolocationErrorMessage(1)).toBe(
      'Unable to get your location. Permission denied. Please enable location access in your browser settings.',
    );
    expect(geolocationErrorMessage(2)).toBe(
      'Unable to get your location. Location information unavailable.',
    );
    expect(geolocationErrorMessage(3)).toBe('Unable to get your location. Request timed out.');
    expect(formatLatLon(48.856613, 2.3522219)).toBe('48.8566, 2.3522');
    expect(cameraNotReadyMessage(1, 2, 30.4)).toContain('(Camera not ready)');
  });
});
