/**
 * Share View targets (spec globe.md section 2: a microblog, a social network, a chat app and a
 * mail link) and the screenshot file name (a PNG named with a timestamp). Pure string building.
 */

export interface ShareTarget {
  id: 'microblog' | 'social' | 'chat' | 'mail';
  label: string;
  href: string;
}

const SHARE_TEXT = 'A view of the world’s live news on ATLAS';

export function shareTargets(url: string, text = SHARE_TEXT): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    {
      id: 'microblog',
      label: 'X / Twitter',
      href: `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
    },
    { id: 'social', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: 'chat', label: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
    {
      id: 'mail',
      label: 'Email',
      href: `mailto:?subject=${encodeURIComponent('ATLAS view')}&body=${t}%0A${u}`,
    },
  ];
}

/** 'atlas-view-2026-11-22T07-05-39.png' (colons and dots are not safe in every file system). */
export function screenshotFileName(at: Date): string {
  return `atlas-view-${at.toISOString().slice(0, 19).replace(/[:.]/g, '-')}.png`;
}
