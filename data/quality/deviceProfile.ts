/**
 * Device profile rules (spec globe.md section 4 "Quality mode" and section 9 "Quality and
 * performance"): device type, GPU tier, the detected quality mode, and per-device defaults.
 * Software rasterisers (SwiftShader, llvmpipe) are the lowest GPU tier; the same code path runs.
 */
import { isSoftwareRenderer } from '../renderer';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export type GpuTier = 'low' | 'medium' | 'high';
export type QualityMode = 'low' | 'medium' | 'high';
export type NetworkType = 'slow-2g' | '2g' | '3g' | '4g' | 'unknown';

export interface DeviceInfo {
  /** Viewport width in CSS px. */
  width: number;
  userAgent: string;
  /** navigator.deviceMemory in GB when the browser tells (it caps at 8). */
  memoryGb: number | null;
  /** navigator.hardwareConcurrency. */
  cores: number | null;
  pixelRatio: number;
  /** gl.MAX_TEXTURE_SIZE. */
  maxTextureSize: number;
  /** Unmasked WebGL renderer string. */
  renderer: string;
  network: NetworkType;
}

/** Spec breakpoints: mobile 768 px or less, tablet up to 1024 px. */
export const MOBILE_MAX_WIDTH = 768;
export const TABLET_MAX_WIDTH = 1024;
/** GPU tier from the max texture size: under 4096 low, at least 16384 high. */
export const GPU_LOW_MAX_TEXTURE = 4096;
export const GPU_HIGH_MIN_TEXTURE = 16384;

const MOBILE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|Mobile Safari|Opera Mini/i;
const TABLET_UA = /iPad|Tablet|Android(?!.*Mobile)|Silk|Kindle/i;

export function deviceType(info: Pick<DeviceInfo, 'width' | 'userAgent'>): DeviceType {
  if (MOBILE_UA.test(info.userAgent) || info.width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (TABLET_UA.test(info.userAgent) || info.width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

export function gpuTier(maxTextureSize: number, renderer: string): GpuTier {
  if (isSoftwareRenderer(renderer)) return 'low';
  if (maxTextureSize < GPU_LOW_MAX_TEXTURE) return 'low';
  if (maxTextureSize >= GPU_HIGH_MIN_TEXTURE) return 'high';
  return 'medium';
}

/**
 * The detected quality mode (spec): mobile low, or medium with 6 GB and a high-tier GPU; tablet
 * medium with 4 GB and a GPU that is not low, else low; desktop low with at most 4 GB, a low-tier
 * GPU or a pixel ratio over 2, high with 16 GB, a high-tier GPU and pixel ratio at most 2, else
 * medium. Unknown memory counts as 4 GB (browsers that hide it are usually not the small ones,
 * but we do not guess upwards).
 */
export function detectQualityMode(info: DeviceInfo): QualityMode {
  const type = deviceType(info);
  const tier = gpuTier(info.maxTextureSize, info.renderer);
  const mem = info.memoryGb ?? 4;
  if (type === 'mobile') return mem >= 6 && tier === 'high' ? 'medium' : 'low';
  if (type === 'tablet') return mem >= 4 && tier !== 'low' ? 'medium' : 'low';
  if (mem <= 4 || tier === 'low' || info.pixelRatio > 2) return 'low';
  if (mem >= 16 && tier === 'high' && info.pixelRatio <= 2) return 'high';
  return 'medium';
}

export interface PerformanceSettings {
  segments: number;
  particles: number;
  maxMarkers: number;
  textureSize: number;
}

const BASE: Readonly<Record<DeviceType, { segments: number; particles: number; markers: number }>> =
  {
    desktop: { segments: 64, particles: 5000, markers: 1000 },
    tablet: { segments: 48, particles: 3000, markers: 500 },
    mobile: { segments: 32, particles: 1000, markers: 200 },
  };
/** Texture sizes by quality (spec: 2048, 1024, 512). */
export const TEXTURE_SIZE: Readonly<Record<QualityMode, number>> = {
  high: 2048,
  medium: 1024,
  low: 512,
};
/** Segment floor when scaling down (spec: min 24). */
export const MIN_SEGMENTS = 24;
/** Slow networks cap markers (spec: 2g 50, 3g 100). */
export const SLOW_NETWORK_MARKERS: Partial<Record<NetworkType, number>> = {
  'slow-2g': 50,
  '2g': 50,
  '3g': 100,
};

/** Per-device defaults with the GPU tier's multipliers (spec: low x0.7 / x0.5 / x0.5, medium
 * x0.85 / x0.75) and the slow-network marker caps. */
export function performanceSettings(info: DeviceInfo): PerformanceSettings {
  const type = deviceType(info);
  const tier = gpuTier(info.maxTextureSize, info.renderer);
  const base = BASE[type];
  let segments = base.segments;
  let particles = base.particles;
  let markers = base.markers;
  if (tier === 'low') {
    segments = Math.max(MIN_SEGMENTS, Math.round(segments * 0.7));
    particles = Math.round(particles * 0.5);
    markers = Math.round(markers * 0.5);
  } else if (tier === 'medium') {
    segments = Math.max(MIN_SEGMENTS, Math.round(segments * 0.85));
    particles = Math.round(particles * 0.75);
  }
  const cap = SLOW_NETWORK_MARKERS[info.network];
  if (cap !== undefined) markers = Math.min(markers, cap);
  return {
    segments,
    particles,
    maxMarkers: markers,
    textureSize: TEXTURE_SIZE[detectQualityMode(info)],
  };
}
