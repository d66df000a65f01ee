/** Reads the device facts adaptive quality needs from the browser (data/quality/deviceProfile). */
import type { Engine } from '@babylonjs/core/Engines/engine';
import {
  createQualityController,
  type QualityContext,
  type QualityController,
} from '../../data/quality/adaptiveQuality';
import {
  detectQualityMode,
  performanceSettings,
  type DeviceInfo,
  type PerformanceSettings,
  type NetworkType,
} from '../../data/quality/deviceProfile';

interface NavigatorExtras {
  deviceMemory?: number;
  connection?: { effectiveType?: string };
  getBattery?: () => Promise<{
    level: number;
    charging: boolean;
    addEventListener(type: string, cb: () => void): void;
  }>;
}

const NETWORKS: readonly NetworkType[] = ['slow-2g', '2g', '3g', '4g'];

export function readDeviceInfo(engine: Engine, renderer: string): DeviceInfo {
  const nav = navigator as Navigator & NavigatorExtras;
  const net = nav.connection?.effectiveType;
  return {
    width: window.innerWidth,
    userAgent: nav.userAgent,
    memoryGb: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : null,
    cores: typeof nav.hardwareConcurrency === 'number' ? nav.hardwareConcurrency : null,
    pixelRatio: window.devicePixelRatio || 1,
    maxTextureSize: engine.getCaps().maxTextureSize,
    renderer,
    network: NETWORKS.find((n) => n === net) ?? 'unknown',
  };
}

export interface QualitySetup {
  info: DeviceInfo;
  /** The per-device defaults (segments, particles, maxMarkers, texture size). */
  settings: PerformanceSettings;
  controller: QualityController;
  context: QualityContext;
}

/** Profiles the device and starts the controller; battery readings arrive later when offered. */
export function setUpQuality(engine: Engine, renderer: string, now: number): QualitySetup {
  const info = readDeviceInfo(engine, renderer);
  const settings = performanceSettings(info);
  const controller = createQualityController({
    detected: detectQualityMode(info),
    segments: settings.segments,
    now,
  });
  const context: QualityContext = {
    cameraMoving: false,
    battery: null,
    charging: null,
    devicePixelRatio: info.pixelRatio,
  };
  const nav = navigator as Navigator & NavigatorExtras;
  nav
    .getBattery?.()
    .then((b) => {
      const read = (): void => {
        context.battery = b.level;
        context.charging = b.charging;
      };
      read();
      b.addEventListener('levelchange', read);
      b.addEventListener('chargingchange', read);
    })
    .catch(() => undefined);
  return { info, settings, controller, context };
}
