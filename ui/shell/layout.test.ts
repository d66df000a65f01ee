import { describe, expect, it } from 'vitest';
import { layoutForWidth } from './layout';

describe('layoutForWidth', () => {
  it('uses the spec breakpoints: phone <= 768, tablet 769-1024, desktop above', () => {
    expect(layoutForWidth(390)).toBe('phone');
    expect(layoutForWidth(768)).toBe('phone');
    expect(layoutForWidth(769)).toBe('tablet');
    expect(layoutForWidth(1024)).toBe('tablet');
    expect(layoutForWidth(1025)).toBe('desktop');
  });
});
