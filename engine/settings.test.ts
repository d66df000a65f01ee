import { describe, expect, it } from 'vitest';
import {
  SETTINGS_KEY,
  type FieldSpec,
  SETTINGS_SCHEMA,
  cameraOverrides,
  defaultSettings,
  exportFileName,
  loadSettings,
  migrateSettings,
  parseSettingsFile,
  sanitizeSettings,
  saveSettings,
  serializeSettings,
  settingsCommands,
  withSetting,
} from './settings';

function memoryStore(initial?: string) {
  const m = new Map<string, string>();
  if (initial !== undefined) m.set(SETTINGS_KEY, initial);
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    map: m,
  };
}

describe('settings defaults', () => {
  it('apply the spec display defaults and volumes', () => {
    const d = defaultSettings();
    expect(d.display).toMatchObject({
      gridEnabled: true,
      labelsEnabled: true,
      timezoneEnabled: false,
      showClocks: true,
      solarSystemEnabled: false,
      realScaleMode: true,
      moonEnabled: true,
      debugMode: false,
      dayNightEnabled: false,
      globeSphereEnabled: true,
      globeSphereStyle: 'blue',
      markersEnabled: true,
      qualityMode: 'auto',
      uiOpacity: 0.9,
      fontSize: 'medium',
      accentColor: '#3b82f6',
    });
    expect(d.audio).toMatchObject({ master: 0.7, sfx: 0.5, ambient: 0.3 });
    expect(d.globe).toMatchObject({ proximityThreshold: 25, markerMode: 'adaptive' });
    expect(d.camera).toMatchObject({ fov: 75, minDistance: 5, maxDistance: 1000 });
    expect(d.performance.maxMarkers).toBe(5000);
  });

  it('every default lies in its range and on its step', () => {
    for (const group of Object.values(SETTINGS_SCHEMA)) {
      for (const spec of Object.values(group) as FieldSpec[]) {
        if (spec.kind !== 'number') continue;
        expect(spec.default).toBeGreaterThanOrEqual(spec.min);
        expect(spec.default).toBeLessThanOrEqual(spec.max);
      }
    }
  });
});

describe('ranges', () => {
  it('clamps numbers to the spec ranges and snaps to the step', () => {
    const s = sanitizeSettings({
      performance: { targetFps: 500, maxMarkers: 1234, maxArticles: 3 },
      camera: { fov: -40, near: 5, far: 1e308, damping: 0.333 },
      globe: { segments: 99, markerBaseSize: 0.05 },
      display: { uiOpacity: 0 },
    });
    expect(s.performance.targetFps).toBe(120);
    expect(s.performance.maxMarkers).toBe(1000);
    expect(s.performance.maxArticles).toBe(50);
    expect(s.camera.fov).toBe(30);
    expect(s.camera.near).toBe(1);
    expect(s.camera.far).toBe(10000);
    expect(s.camera.damping).toBe(0.33);
    expect(s.globe.segments).toBe(96);
    expect(s.globe.markerBaseSize).toBe(0.3);
    expect(s.display.uiOpacity).toBe(0.3);
  });
});

describe('hostile input', () => {
  it('wrong types, NaN, arrays and nulls give defaults', () => {
    const d = defaultSettings();
    const s = sanitizeSettings({
      performance: { targetFps: 'fast', maxMarkers: NaN, textureQuality: 'ultra' },
      display: { gridEnabled: 'yes', globeSphereStyle: 7, accentColor: 'red' },
      camera: [1, 2, 3],
      audio: null,
    });
    expect(s.performance.targetFps).toBe(d.performance.targetFps);
    expect(s.performance.maxMarkers).toBe(d.performance.maxMarkers);
    expect(s.performance.textureQuality).toBe('high');
    expect(s.display.gridEnabled).toBe(true);
    expect(s.display.globeSphereStyle).toBe('blue');
    expect(s.display.accentColor).toBe('#3b82f6');
    expect(s.camera).toEqual(d.camera);
    expect(s.audio).toEqual(d.audio);
    for (const v of [null, 42, 'x', [], undefined]) expect(sanitizeSettings(v)).toEqual(d);
  });

  it('ignores __proto__ and constructor keys and unknown fields', () => {
    const text =
      '{"state":{"__proto__":{"polluted":true},"display":{"__proto__":{"gridEnabled":false},' +
      '"constructor":1,"moonEnabled":false,"bogus":3}},"version":1}';
    const s = parseSettingsFile(text);
    expect(s).not.toBeNull();
    expect(s?.display.moonEnabled).toBe(false);
    expect(s?.display.gridEnabled).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(s?.display ?? {})).not.toContain('bogus');
  });

  it('a property-based sweep never throws and always stays in range', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        const s = sanitizeSettings({ camera: { fov: a, far: b }, performance: a, display: b });
        return s.camera.fov >= 30 && s.camera.fov <= 120 && s.camera.far <= 10000;
      }),
      { numRuns: 300 },
    );
  });
});

describe('persistence and migration', () => {
  it('saves as { state, version: 1 } under atlas-settings and loads back', () => {
    const store = memoryStore();
    const s = withSetting(defaultSettings(), 'camera', 'fov', 90);
    saveSettings(s, store);
    const doc = JSON.parse(store.map.get(SETTINGS_KEY) ?? '{}') as { version: number };
    expect(doc.version).toBe(1);
    expect(loadSettings(store).camera.fov).toBe(90);
  });

  it('migrates version 0 by merging defaults', () => {
    const v0 = { state: { display: { moonEnabled: false } }, version: 0 };
    const s = migrateSettings(v0);
    expect(s.display.moonEnabled).toBe(false);
    expect(s.display.gridEnabled).toBe(true);
    expect(s.audio.master).toBe(0.7);
  });

  it('corrupt storage loads defaults', () => {
    expect(loadSettings(memoryStore('{not json'))).toEqual(defaultSettings());
    expect(loadSettings(memoryStore('null'))).toEqual(defaultSettings());
  });

  it('import rejects non-JSON and files without settings; export round-trips', () => {
    expect(parseSettingsFile('hello')).toBeNull();
    expect(parseSettingsFile('{"foo":1}')).toBeNull();
    expect(parseSettingsFile('[1,2]')).toBeNull();
    const s = withSetting(defaultSettings(), 'globe', 'markerSize', 'large');
    expect(parseSettingsFile(serializeSettings(s))).toEqual(s);
    expect(exportFileName(new Date('2026-11-27T10:00:00Z'))).toBe('atlas-settings-2026-11-27.json');
  });
});

describe('engine commands', () => {
  it('defaults leave the camera to each view; changed fields are sent', () => {
    expect(cameraOverrides(defaultSettings())).toEqual({});
    const s = withSetting(
      withSetting(defaultSettings(), 'camera', 'fov', 60),
      'camera',
      'minDistance',
      10,
    );
    expect(cameraOverrides(s)).toEqual({ fovDeg: 60, minAltitude: 10 });
  });

  it('reduced motion stops auto-rotation and pulses unless the user chose full motion', () => {
    const find = (cmds: ReturnType<typeof settingsCommands>, type: string) =>
      cmds.find((c) => c.type === type);
    const reduced = settingsCommands(defaultSettings(), true);
    expect(find(reduced, 'setCameraSettings')).toEqual({
      type: 'setCameraSettings',
      camera: { autoRotate: false, instantFly: true },
    });
    expect(find(reduced, 'setMarkerDisplay')).toMatchObject({ display: { pulse: false } });
    const full = settingsCommands(
      withSetting(defaultSettings(), 'display', 'motion', 'full'),
      true,
    );
    expect(find(full, 'setCameraSettings')).toEqual({ type: 'setCameraSettings', camera: {} });
    expect(find(full, 'setMarkerDisplay')).toMatchObject({ display: { pulse: true } });
  });

  it('display settings map to layers, sphere and quality', () => {
    const cmds = settingsCommands(defaultSettings(), false);
    expect(cmds).toContainEqual({ type: 'setLayer', layer: 'grid', on: true });
    expect(cmds).toContainEqual({ type: 'setLayer', layer: 'moon', on: true });
    expect(cmds).toContainEqual({ type: 'setLayer', layer: 'dayNight', on: false });
    expect(cmds).toContainEqual({ type: 'setQuality', mode: 'auto' });
    expect(cmds).toContainEqual({
      type: 'setGlobeSphere',
      on: true,
      style: 'blue',
      oceanScalePercent: 100,
    });
    expect(cmds.some((c) => c.type === 'setMarkerFilter')).toBe(false);
  });
});
