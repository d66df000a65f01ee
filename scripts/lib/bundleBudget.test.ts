import { describe, expect, it } from 'vitest';
import { initialScripts } from './bundleBudget';

describe('initialScripts', () => {
  it('takes the entry scripts and module preloads, not styles, icons or other origins', () => {
    const html =
      '<link rel="icon" href="/favicon.svg" />' +
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/thin-b2.js">' +
      '<link rel="stylesheet" href="/assets/index-c3.css">' +
      '<script src="https://cdn.example/x.js"></script>';
    expect(initialScripts(html)).toEqual(['assets/index-a1.js', 'assets/thin-b2.js']);
  });
});
