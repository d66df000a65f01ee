/**
 * Category icons and colours of the feed cards (spec section 2 "Feed page": colours exist for
 * politics, economics, technology, environment, conflict, social). Other categories (the
 * analyser's business, science, health...) get the nearest icon and the default cyan.
 */

export interface CategoryStyle {
  icon: string;
  color: string;
}

const STYLES: Readonly<Record<string, CategoryStyle>> = {
  politics: { icon: '🏛️', color: '#60a5fa' },
  economics: { icon: '📈', color: '#fbbf24' },
  business: { icon: '💼', color: '#fbbf24' },
  technology: { icon: '💻', color: '#2dd4bf' },
  environment: { icon: '🌿', color: '#34d399' },
  conflict: { icon: '⚔️', color: '#f87171' },
  social: { icon: '👥', color: '#c084fc' },
  science: { icon: '🔬', color: '#a78bfa' },
  health: { icon: '🩺', color: '#f472b6' },
  sports: { icon: '🏅', color: '#fb923c' },
  entertainment: { icon: '🎬', color: '#f472b6' },
};

export const DEFAULT_CATEGORY_STYLE: CategoryStyle = { icon: '📰', color: '#22d3ee' };

export function categoryStyle(category: string): CategoryStyle {
  const key = category.trim().toLowerCase();
  return Object.hasOwn(STYLES, key)
    ? (STYLES[key] ?? DEFAULT_CATEGORY_STYLE)
    : DEFAULT_CATEGORY_STYLE;
}

/** Spec: presets 6h, 12h, 24h, 48h, 7d, 30d and quick buttons 1H, 6H, 1D, 1W (hours). */
export const TIME_PRESETS: readonly { label: string; hours: number }[] = [
  { label: '6h', hours: 6 },
  { label: '12h', hours: 12 },
  { label: '24h', hours: 24 },
  { label: '48h', hours: 48 },
  { label: '7d', hours: 168 },
  { label: '30d', hours: 720 },
];
export const QUICK_RANGES: readonly { label: string; hours: number }[] = [
  { label: '1H', hours: 1 },
  { label: '6H', hours: 6 },
  { label: '1D', hours: 24 },
  { label: '1W', hours: 168 },
];

/** '6h', '2d 12h', '30d': the slider's readout. */
export function hoursLabel(hours: number): string {
  if (hours < 24) return `${hours}h`;
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? `${d}d` : `${d}d ${h}h`;
}
