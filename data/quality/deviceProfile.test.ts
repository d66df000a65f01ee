import { describe, expect, it } from 'vitest';
import {
  detectQualityMode,
  deviceType,
  gpuTier,
  performanceSettings,
  type DeviceInfo,
} from './deviceProfile';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const IPAD_UA = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1';
const GPU = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)';
const SWIFTSHADER =
  'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';

const base: DeviceInfo = {
  width: 1920,
  userAgent: DESKTOP_UA,
  memoryGb: 8,
  cores: 8,
  pixelRatio: 1,
  maxTextureSize: 16384,
  renderer: GPU,
  network: '4g',
};
const dev = (o: Partial<DeviceInfo>): DeviceInfo => ({ ...base, ...o });

describe('device type', () => {
  it('uses the 768 and 1024 breakpoints and the agent', () => {
    expect(deviceType(dev({ width: 768 }))).toBe('mobile');
    expect(deviceType(dev({ width: 769 }))).toBe('tablet');
    expect(deviceType(dev({ width: 1024 }))).toBe('tablet');
    expect(deviceType(dev({ width: 1025 }))).toBe('desktop');
    expect(deviceType(dev({ userAgent: IPHONE_UA }))).toBe('mobile');
    expect(deviceType(dev({ userAgent: IPAD_UA }))).toBe('tablet');
  });
});

describe('GPU tier', () => {
  it('reads the max texture size, and treats software rendering as low', () => {
    expect(gpuTier(2048, GPU)).toBe('low');
    expect(gpuTier(4096, GPU)).toBe('medium');
    expect(gpuTier(16384, GPU)).toBe('high');
    expect(gpuTier(16384, SWIFTSHADER)).toBe('low');
  });
});

describe('detected quality mode', () => {
  it('follows the spec per device type', () => {
    expect(detectQualityMode(dev({ userAgent: IPHONE_UA, memoryGb: 8 }))).toBe('medium');
    expect(detectQualityMode(dev({ userAgent: IPHONE_UA, memoryGb: 4 }))).toBe('low');
    expect(detectQualityMode(dev({ userAgent: IPAD_UA, memoryGb: 4, maxTextureSize: 8192 }))).toBe(
      'medium',
    );
    expect(detectQualityMode(dev({ userAgent: IPAD_UA, memoryGb: 4, maxTextureSize: 2048 }))).toBe(
      'low',
    );
    expect(detectQualityMode(dev({ memoryGb: 16 }))).toBe('high');
    expect(detectQualityMode(dev({ memoryGb: 8 }))).toBe('medium');
    expect(detectQualityMode(dev({ memoryGb: 4 }))).toBe('low');
    expect(detectQualityMode(dev({ memoryGb: 16, pixelRatio: 3 }))).toBe('low');
    expect(detectQualityMode(dev({ memoryGb: 16, renderer: SWIFTSHADER }))).toBe('low');
  });
});

describe('performance settings', () => {
  it('uses the per-device defaults with the tier multipliers and network caps', () => {
    expect(performanceSettings(dev({ memoryGb: 16 }))).toEqual({
      segments: 64,
      particles: 5000,
      maxMarkers: 1000,
      textureSize: 2048,
    });
    expect(performanceSettings(dev({ maxTextureSize: 8192 }))).toEqual({
      segments: 54,
      particles: 3750,
      maxMarkers: 1000,
      textureSize: 1024,
    });
    expect(performanceSettings(dev({ userAgent: IPHONE_UA, maxTextureSize: 2048 }))).toEqual({
      segments: 24,
      particles: 500,
      maxMarkers: 100,
      textureSize: 512,
    });
    expect(performanceSettings(dev({ network: '2g' })).maxMarkers).toBe(50);
    expect(performanceSettings(dev({ network: '3g' })).maxMarkers).toBe(100);
    expect(performanceSettings(dev({ width: 900 })).segments).toBe(48);
  });
});
