import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareArticle, shareLink, type ShareNavigator } from './share';

afterEach(() => vi.restoreAllMocks());

describe('share', () => {
  it('uses the system share sheet when there is one', async () => {
    const shared: unknown[] = [];
    const copied: string[] = [];
    const nav: ShareNavigator = {
      share: (data) => {
        shared.push(data);
        return Promise.resolve();
      },
      clipboard: {
        writeText: (t) => {
          copied.push(t);
          return Promise.resolve();
        },
      },
    };
    await expect(shareArticle(nav, 'T', 'https://e.org/a')).resolves.toBe('shared');
    expect(shared).toEqual([{ title: 'T', url: 'https://e.org/a' }]);
    expect(copied).toEqual([]);
  });

  it('copies the URL without a share sheet, or when sharing fails', async () => {
    const copied: string[] = [];
    const clipboard = {
      writeText: (t: string) => {
        copied.push(t);
        return Promise.resolve();
      },
    };
    await expect(shareArticle({ clipboard }, 'T', 'https://e.org/a')).resolves.toBe('copied');
    const failing: ShareNavigator = {
      share: () => Promise.reject(new Error('not allowed')),
      clipboard,
    };
    await expect(shareArticle(failing, 'T', 'https://e.org/b')).resolves.toBe('copied');
    expect(copied).toEqual(['https://e.org/a', 'https://e.org/b']);
  });

  it('does not copy when the user cancels the share sheet', async () => {
    const copied: string[] = [];
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const nav: ShareNavigator = {
      share: () => Promise.reject(abort),
      clipboard: {
        writeText: (t) => {
          copied.push(t);
          return Promise.resolve();
        },
      },
    };
    await expect(shareArticle(nav, 'T', 'https://e.org/a')).resolves.toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('reports a clipboard failure (logged only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const nav: ShareNavigator = { clipboard: { writeText: () => Promise.reject(new Error('no')) } };
    await expect(shareArticle(nav, 'T', 'https://e.org/a')).resolves.toBe('failed');
    await expect(shareArticle({}, 'T', 'https://e.org/a')).resolves.toBe('failed');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("shares the article's own link, else the app opened on the article", () => {
    expect(shareLink('https://news.example/x', 'http://h', 'a1')).toBe('https://news.example/x');
    expect(shareLink(null, 'http://h', 'a/1')).toBe('http://h/app?article=a%2F1');
  });
});
