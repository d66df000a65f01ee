/**
 * The outlet name an article is published under. A feed known only by URL (ATLAS_FEEDS entries,
 * feeds added with their host as name) is registered under its host name; the feed's own title
 * is the better name, then the item's own author/source field. A host name is used only when
 * nothing better exists. (eval:news: with host names, seven outlets on one host became one
 * publisher '127.0.0.1', and since one publisher's items are never grouped, grouping recall was
 * 0/66; with feed titles, seven publishers.)
 */

/** Whether a name is a host name or IP literal rather than an outlet's name. */
export function looksLikeHost(name: string, feedUrl: string | null = null): boolean {
  const trimmed = name.trim().toLowerCase();
  if (trimmed === '') return true;
  if (feedUrl !== null) {
    try {
      const host = new URL(feedUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
      if (trimmed === host || trimmed === `www.${host}` || `www.${trimmed}` === host) return true;
    } catch {
      // Not a URL: judge the name alone.
    }
  }
  if (/^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/.test(trimmed)) return true; // IPv4 literal
  if (/^[0-9a-f:]+$/.test(trimmed) && trimmed.includes(':')) return true; // IPv6 literal
  // example.com, feeds.bbci.co.uk: dotted labels without spaces.
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/.test(trimmed);
}

/** The feed-level publisher: the registry name unless it is a host name and the feed has a title. */
export function feedPublisher(
  registryName: string,
  feedUrl: string,
  feedTitle: string | null,
): { name: string; isHost: boolean } {
  if (!looksLikeHost(registryName, feedUrl)) return { name: registryName, isHost: false };
  const title = feedTitle?.trim() ?? '';
  if (title !== '' && !looksLikeHost(title, feedUrl)) return { name: title, isHost: false };
  return { name: registryName, isHost: true };
}

/** The item-level publisher: the item's author/source field when the feed gave only a host. */
export function itemPublisher(
  feed: { name: string; isHost: boolean },
  itemAuthor: string | null,
): string {
  const author = itemAuthor?.trim() ?? '';
  if (feed.isHost && author !== '' && !looksLikeHost(author)) return author;
  return feed.name;
}
