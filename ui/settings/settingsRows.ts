/**
 * The dialog's rows: every setting of engine/settings.ts under its tab, with its label and, where
 * this engine does not honour it, why (spec: a setting the engine cannot honour says so).
 */
import type { Settings, SettingsGroup } from '../../engine/settings';

export type SettingsTab = 'performance' | 'globe' | 'camera' | 'display' | 'system';

export const SETTINGS_TABS: readonly { key: SettingsTab; label: string }[] = [
  { key: 'performance', label: 'Performance' },
  { key: 'globe', label: 'Globe' },
  { key: 'camera', label: 'Camera' },
  { key: 'display', label: 'Display' },
  { key: 'system', label: 'System' },
];

export interface SettingRow {
  group: SettingsGroup;
  key: string;
  label: string;
  /** Shown under the control: where it takes effect, or why the engine cannot honour it. */
  note?: string;
  /** The engine does not honour it here (the control is disabled, the note says why). */
  unsupported?: boolean;
  unit?: string;
}

const r = <G extends SettingsGroup>(
  group: G,
  key: keyof Settings[G] & string,
  label: string,
  extra: Omit<SettingRow, 'group' | 'key' | 'label'> = {},
): SettingRow => ({ group, key, label, ...extra });

export const SETTINGS_ROWS: Readonly<Record<SettingsTab, readonly SettingRow[]>> = {
  performance: [
    r('display', 'qualityMode', 'Quality', {
      note: 'Auto adapts to the device and the measured frame rate; a fixed rung stays.',
    }),
    r('performance', 'maxMarkers', 'Max markers', {
      note: 'Caps the markers drawn; once changed it replaces the quality rung’s cap (50 / 200 / 500).',
    }),
    r('performance', 'enableAnimations', 'Animations', { note: 'Off stops the live pulses.' }),
    r('performance', 'targetFps', 'Target FPS', {
      unsupported: true,
      note: 'Adaptive quality always aims at 60 FPS (minimum 30); this target is stored only.',
    }),
    r('performance', 'cullingDistance', 'Culling distance', {
      unsupported: true,
      note: 'Markers are culled by hemisphere and the LOD distances 100/500/2000/10000 instead.',
    }),
    r('performance', 'instanceBufferMb', 'Instance buffer', {
      unit: 'MB',
      unsupported: true,
      note: 'Markers share one merged buffer that grows as needed; there is no fixed size.',
    }),
    r('performance', 'maxArticles', 'Max articles', {
      unsupported: true,
      note: 'The feed keeps every article of the time frame; this limit is stored only.',
    }),
    r('performance', 'pixelRatio', 'Device pixel ratio', {
      unsupported: true,
      note: 'Adaptive quality sets the pixel ratio (cap 2); fix a quality rung to hold it.',
    }),
    r('performance', 'textureQuality', 'Texture quality', {
      unsupported: true,
      note: 'Follows the quality rung (2048 / 1024 / 512).',
    }),
    r('performance', 'antiAliasing', 'Anti-aliasing', {
      unsupported: true,
      note: 'Fixed when the WebGL context is created; the engine does not recreate it.',
    }),
    r('performance', 'powerPreference', 'Power preference', {
      unsupported: true,
      note: 'Fixed when the WebGL context is created; the engine does not recreate it.',
    }),
  ],
  globe: [
    r('display', 'globeSphereEnabled', 'Globe sphere'),
    r('display', 'globeSphereStyle', 'Sphere style'),
    r('globe', 'oceanScale', 'Ocean sphere scale', { unit: '%' }),
    r('globe', 'markerSize', 'Marker size'),
    r('globe', 'markerBaseSize', 'Marker base size', { note: 'Multiplies the marker size.' }),
    r('globe', 'markerMode', 'Marker mode', {
      note: 'Individual draws every marker; accumulated and adaptive both group nearby markers into clusters (the same clustering).',
    }),
    r('globe', 'pulseEffect', 'Pulse effect'),
    r('globe', 'glowEffect', 'Glow effect'),
    r('globe', 'emojiOnly', 'Emoji only'),
    r('globe', 'hoverScale', 'Hover scale', {
      unsupported: true,
      note: 'The marker shader enlarges a hovered marker 1.5x (spec); not adjustable.',
    }),
    r('globe', 'proximityThreshold', 'Proximity threshold', {
      unsupported: true,
      note: 'Clusters use a fixed screen radius per zoom level.',
    }),
    r('globe', 'segments', 'Segment count', {
      unsupported: true,
      note: 'Set per device (64 desktop, 48 tablet, 32 phone, less on weak GPUs) and cut 20% per slowdown step (floor 24).',
    }),
    r('globe', 'bloom', 'Bloom', {
      unsupported: true,
      note: 'The globe draws without post-processing, so there is no bloom pass.',
    }),
    r('globe', 'sunIntensity', 'Sun intensity', {
      unsupported: true,
      note: 'The shaders light the globe without scene lights; the sun is fixed.',
    }),
  ],
  camera: [
    r('camera', 'fov', 'Field of view', { unit: '°' }),
    r('camera', 'near', 'Near plane'),
    r('camera', 'far', 'Far plane', {
      note: 'Raised to what the view needs to draw the globe’s far side.',
    }),
    r('camera', 'minDistance', 'Min distance', {
      note: 'Closest approach above the surface (the globe’s radius is 200).',
    }),
    r('camera', 'maxDistance', 'Max distance', { note: 'From the globe’s centre.' }),
    r('camera', 'damping', 'Damping'),
    r('camera', 'rotateSpeed', 'Rotate speed'),
    r('camera', 'zoomSpeed', 'Zoom speed'),
    r('camera', 'autoRotate', 'Auto-rotate'),
    r('camera', 'autoRotateSpeed', 'Auto-rotate speed'),
  ],
  display: [
    r('display', 'gridEnabled', 'Grid'),
    r('display', 'labelsEnabled', 'Labels'),
    r('display', 'timezoneEnabled', 'Time zones'),
    r('display', 'showClocks', 'Clocks', { note: 'The world clocks beside the time-zone layer.' }),
    r('display', 'dayNightEnabled', 'Day / night'),
    r('display', 'solarSystemEnabled', 'Solar system'),
    r('display', 'realScaleMode', 'Real scale'),
    r('display', 'moonEnabled', 'Moon'),
    r('display', 'markersEnabled', 'Markers'),
    r('display', 'debugMode', 'Debug mode', { note: 'Shows the camera-target crosshair.' }),
    r('display', 'uiOpacity', 'UI opacity'),
    r('display', 'fontSize', 'Font size'),
    r('display', 'accentColor', 'Accent colour'),
    r('display', 'motion', 'Motion', {
      note: 'System follows prefers-reduced-motion: auto-rotation, fly animations and pulses off.',
    }),
    r('display', 'keyShortcuts', 'Single-key shortcuts', {
      note: 'Never fire while a text field or button has focus.',
    }),
  ],
  system: [
    r('audio', 'enabled', 'Sound effects'),
    r('audio', 'master', 'Master volume'),
    r('audio', 'sfx', 'Effects volume'),
    r('audio', 'ambientEnabled', 'Ambient sound'),
    r('audio', 'ambient', 'Ambient volume'),
    r('network', 'timeFrame', 'Time frame', { note: 'Articles shown on the globe.' }),
    r('network', 'dataSource', 'Data source', {
      unsupported: true,
      note: 'Chosen by the page address (?source=demo); stored only.',
    }),
    r('network', 'realtime', 'Real-time updates', {
      unsupported: true,
      note: 'The live socket always runs while the page is open.',
    }),
    r('network', 'updateFrequency', 'Update frequency', {
      unit: 's',
      unsupported: true,
      note: 'Articles arrive over the socket as they are ingested, not by polling.',
    }),
  ],
};
