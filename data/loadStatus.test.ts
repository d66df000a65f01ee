import { describe, expect, it } from 'vitest';
import { clearLoadIssue, loadIssues, reportLoadIssue, retryLoadIssues } from './loadStatus';

describe('load status', () => {
  it('lists failures once per name, logs them, retries all, and clears on success', () => {
    const logs: string[] = [];
    const retried: string[] = [];
    const log = (m: string): void => void logs.push(m);
    reportLoadIssue(
      'land (110m)',
      new Error('HTTP error! status: 404'),
      () => retried.push('land'),
      log,
    );
    reportLoadIssue('place names', 'offline', () => retried.push('names'), log);
    reportLoadIssue(
      'land (110m)',
      new Error('HTTP error! status: 500'),
      () => retried.push('land2'),
      log,
    );
    expect(loadIssues.value.map((i) => [i.name, i.message])).toEqual([
      ['place names', 'offline'],
      ['land (110m)', 'HTTP error! status: 500'],
    ]);
    expect(logs).toHaveLength(3);
    expect(logs[0]).toContain('could not load land (110m); skipped');
    retryLoadIssues();
    expect(retried).toEqual(['names', 'land2']);
    clearLoadIssue('land (110m)');
    clearLoadIssue('not listed');
    expect(loadIssues.value.map((i) => i.name)).toEqual(['place names']);
    clearLoadIssue('place names');
    expect(loadIssues.value).toEqual([]);
  });
});
