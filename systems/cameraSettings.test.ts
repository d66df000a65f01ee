import { describe, expect, it } from 'vitest';
import { VIEW_PRESETS } from '../engine/layers';
import { lensFor, tunedPreset } from './cameraSettings';

describe('camera settings over a view preset', () => {
  it('tunes the app view in engine units and leaves the landing alone', () => {
    const o = { minAltitude: 10, maxDistance: 800, damping: 0.3, autoRotateSpeed: 2 };
    const app = tunedPreset('app', VIEW_PRESETS.app, o);
    expect(app).toMatchObject({ minDistance: 210, maxDistance: 800, damping: 0.3 });
    expect(app.autoRotateSpeed).toBe(2);
    expect(tunedPreset('landing', VIEW_PRESETS.landing, o)).toEqual(VIEW_PRESETS.landing);
  });

  it('auto-rotate off reaches every view', () => {
    expect(tunedPreset('landing', VIEW_PRESETS.landing, { autoRotate: false }).autoRotate).toBe(
      false,
    );
  });

  it('the far plane never cuts the globe; other views keep the default lens', () => {
    const app = tunedPreset('app', VIEW_PRESETS.app, {});
    expect(lensFor('app', app, { fovDeg: 60, far: 1000 })).toEqual({
      fovDeg: 60,
      near: 1,
      far: 1400,
    });
    expect(lensFor('landing', VIEW_PRESETS.landing, { fovDeg: 60 })).toEqual({
      fovDeg: 45,
      near: 1,
      far: 50000,
    });
  });
});
