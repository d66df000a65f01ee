import { describe, expect, it } from 'vitest';
import {
  SHEET_HEIGHT_VH,
  TAP_VIBRATION_MS,
  closeSheet,
  hapticTap,
  mobileSheet,
  pressTab,
  viewportContent,
} from './mobileState';

describe('phone globe screen state', () => {
  it('a tab press opens its sheet, a second press closes it, another tab switches', () => {
    closeSheet();
    pressTab('layers');
    expect(mobileSheet.value).toBe('layers');
    pressTab('articles');
    expect(mobileSheet.value).toBe('articles');
    pressTab('articles');
    expect(mobileSheet.value).toBeNull();
  });

  it('uses the spec heights: Layers and Search 60vh, Articles and Settings 90vh', () => {
    expect(SHEET_HEIGHT_VH).toEqual({ layers: 60, search: 60, articles: 90, settings: 90 });
  });

  it('vibrates 10 ms where the device can, and does nothing where it cannot', () => {
    const calls: number[] = [];
    hapticTap({
      vibrate: (ms) => {
        calls.push(ms);
        return true;
      },
    });
    expect(calls).toEqual([TAP_VIBRATION_MS]);
    expect(TAP_VIBRATION_MS).toBe(10);
    expect(() => hapticTap({})).not.toThrow();
  });

  it('forbids zooming the page only on phones', () => {
    expect(viewportContent(true)).toContain('user-scalable=no');
    expect(viewportContent(true)).toContain('maximum-scale=1.0');
    expect(viewportContent(false)).toBe('width=device-width, initial-scale=1.0');
  });
});
