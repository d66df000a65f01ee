/**
 * Share for the detail dialog (spec: system share, else copy the URL). Takes the navigator as a
 * parameter so the fallback order is testable without a browser.
 */

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareNavigator {
  share?: (data: { title?: string; url?: string }) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/** The link shared: the article's own http(s) URL, else the app opened on the article. */
export function shareLink(articleUrl: string | null, origin: string, id: string): string {
  return articleUrl ?? `${origin}/app?article=${encodeURIComponent(id)}`;
}

export async function shareArticle(
  nav: ShareNavigator,
  title: string,
  url: string,
): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, url });
      return 'shared';
    } catch (error) {
      // The user closing the share sheet is not a failure and must not fall back to copying.
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (nav.clipboard === undefined) return 'failed';
    await nav.clipboard.writeText(url);
    return 'copied';
  } catch (error) {
    // Spec section 8: clipboard failure is logged only.
    console.warn('Share failed:', error);
    return 'failed';
  }
}
