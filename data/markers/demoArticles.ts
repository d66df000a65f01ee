/**
 * The 'demo' data source (spec globe.md: 20 sample cities, 8 categories each with an emoji):
 * a fixed, deterministic set so the globe is never empty, even with no server.
 */
import { CATEGORY_EMOJI } from './markerStyle';

export const DEMO_CATEGORIES = [
  'Politics',
  'Technology',
  'Business',
  'Science',
  'Health',
  'Entertainment',
  'Sports',
  'Environment',
] as const;

export const DEMO_CITIES: readonly (readonly [string, string, number, number])[] = [
  ['New York', 'United States', 40.7128, -74.006],
  ['London', 'United Kingdom', 51.5074, -0.1278],
  ['Tokyo', 'Japan', 35.6762, 139.6503],
  ['Paris', 'France', 48.8566, 2.3522],
  ['Sydney', 'Australia', -33.8688, 151.2093],
  ['Moscow', 'Russia', 55.7558, 37.6173],
  ['Beijing', 'China', 39.9042, 116.4074],
  ['Mumbai', 'India', 19.076, 72.8777],
  ['São Paulo', 'Brazil', -23.5505, -46.6333],
  ['Cairo', 'Egypt', 30.0444, 31.2357],
  ['Lagos', 'Nigeria', 6.5244, 3.3792],
  ['Mexico City', 'Mexico', 19.4326, -99.1332],
  ['Berlin', 'Germany', 52.52, 13.405],
  ['Toronto', 'Canada', 43.6532, -79.3832],
  ['Dubai', 'United Arab Emirates', 25.2048, 55.2708],
  ['Singapore', 'Singapore', 1.3521, 103.8198],
  ['Nairobi', 'Kenya', -1.2921, 36.8219],
  ['Buenos Aires', 'Argentina', -34.6037, -58.3816],
  ['Seoul', 'South Korea', 37.5665, 126.978],
  ['Istanbul', 'Turkey', 41.0082, 28.9784],
];

const SENTIMENTS = ['positive', 'negative', 'neutral', 'mixed'] as const;

export interface DemoArticle {
  id: string;
  title: string;
  description: string;
  category: string;
  categories: string[];
  emoji: string;
  sentiment: string;
  latitude: number;
  longitude: number;
  location: { name: string; city: string; country: string; lat: number; lon: number };
  publishedAt: string;
  source: { name: string };
  url: string;
  isSample: true;
}

/** One article per city, categories in rotation, published over the last few hours of `now`. */
export function demoArticles(now: Date = new Date()): DemoArticle[] {
  return DEMO_CITIES.map(([city, country, lat, lon], i) => {
    const category = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length] ?? 'Politics';
    return {
      id: `demo-${i + 1}`,
      title: `${category} update from ${city}`,
      description: `Sample ${category.toLowerCase()} story placed in ${city}, ${country}. Demo data.`,
      category,
      categories: [category],
      emoji: CATEGORY_EMOJI[category.toLowerCase()] ?? '📰',
      sentiment: SENTIMENTS[i % SENTIMENTS.length] ?? 'neutral',
      latitude: lat,
      longitude: lon,
      location: { name: `${city}, ${country}`, city, country, lat, lon },
      publishedAt: new Date(now.getTime() - (i * 17 + 3) * 60_000).toISOString(),
      source: { name: 'ATLAS demo' },
      url: `https://example.com/demo/${i + 1}`,
      isSample: true,
    };
  });
}
