/**
 * Rows for the analytics and intelligence data tests, on top of the crafted rows
 * (articlesApiFixtures.ts): a story carried by three outlets (with its duplicate, which every
 * count must skip), scored and risk-assessed.
 */
import type { Kysely } from 'kysely';
import type { Database, NewArticleRow } from '../../server/db/schema';

const HOUR = 3_600_000;

export function storyRows(now: number): NewArticleRow[] {
  const created = new Date(now - 4 * HOUR).toISOString();
  const base = {
    description: null,
    content: null,
    source: 'Other Wire',
    publisher: 'Other Wire',
    published_at: created,
    created_at: created,
    updated_at: created,
    latitude: 35.7,
    longitude: 139.7,
    location_name: 'Tokyo, Japan',
    country: 'Japan',
    city: 'Tokyo',
    category: 'politics',
    categories: JSON.stringify(['politics']),
    sentiment: 'negative',
    sentiment_score: -0.6,
  };
  return [
    {
      ...base,
      id: 's-1',
      story_id: null,
      url: 'https://example.org/story/s-1',
      title: 'Story told by three outlets',
      story_count: 3,
      story_sources: JSON.stringify([
        { name: 'B Wire', url: 'https://b.example/1', title: 'Same story' },
        { name: 'C Wire', url: 'https://c.example/1', title: 'Same story again' },
      ]),
      hybrid_analysis: JSON.stringify({
        riskAssessment: { level: 'high', score: 70 },
        entityExtraction: { persons: ['Grace Hopper'], organizations: [], locations: [] },
      }),
      analysis_status: 'complete',
    },
    {
      ...base,
      id: 's-1-dup',
      url: 'https://b.example/1',
      title: 'Same story',
      source: 'B Wire',
      publisher: 'B Wire',
      story_id: 's-1',
      story_count: 1,
      story_sources: null,
      analysis_status: 'complete',
      hybrid_analysis: JSON.stringify({ riskAssessment: { level: 'critical', score: 99 } }),
    },
  ];
}

export async function insertStoryRows(db: Kysely<Database>, now: number): Promise<void> {
  await db.insertInto('articles').values(storyRows(now)).execute();
}
