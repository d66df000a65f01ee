/**
 * Helpers of the article, search and feed browser tests: a real account made through the API
 * (POST /api/auth/register), real articles stored through POST /api/articles, and a page signed
 * in the way the app keeps a session (token and user in localStorage, validated by /api/auth/me).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Session {
  token: string;
  user: { id: string; email: string; name: string; role: string };
}

let counter = 0;

export async function registerUser(request: APIRequestContext, label: string): Promise<Session> {
  counter += 1;
  const email = `${label}-${Date.now()}-${counter}@example.org`;
  const res = await request.post('/api/auth/register', {
    data: { email, password: 'correct horse battery', name: `Tester ${label}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; user: Session['user'] };
  return { token: body.token, user: body.user };
}

export interface NewArticle {
  title: string;
  url: string;
  description?: string;
  content?: string;
  source?: string;
  publishedAt?: string;
  latitude?: number;
  longitude?: number;
  locationName?: string;
  country?: string;
  city?: string;
  category?: string;
  sentiment?: 'positive' | 'negative' | 'neutral' | 'mixed';
}

export async function createArticle(
  request: APIRequestContext,
  session: Session,
  article: NewArticle,
): Promise<string> {
  const res = await request.post('/api/articles', {
    data: article,
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { _id?: string; id?: string };
  const id = body._id ?? body.id;
  if (id === undefined) throw new Error('created article has no id');
  return id;
}

export async function analyseArticle(
  request: APIRequestContext,
  session: Session,
  id: string,
): Promise<void> {
  const res = await request.post(`/api/articles/${id}/analyze`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Every page of this context starts signed in as `session` (the app's stored session keys). */
export async function signIn(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('atlas_auth_token', token);
      localStorage.setItem('atlas_auth_user', user);
      // The first-run walkthrough would cover the page; these tests are not about it.
      localStorage.setItem('atlas_walkthrough_seen', 'true');
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** A unique word, so a test finds its own article among the seeded ones. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A news text the offline analyser can work with: quotes with speakers, people, organisations. */
export function richContent(place: string): string {
  return [
    `The ${place} Research Council announced on Monday that a new climate monitoring station will open next spring.`,
    `"We are proud of this milestone for science," said Marie Dubois, director of the French Polar Institute.`,
    `The station will measure ocean temperatures, sea ice and wind speeds around ${place} every hour.`,
    `Scientists from the United Nations Environment Programme welcomed the plan and promised to share data.`,
    `"These measurements will help every coastal nation prepare for storms," said John Carter of the World Meteorological Organization.`,
    `Funding of 12 million euros was approved by the European Union after a long debate in Brussels.`,
    `Critics warned that the harsh weather could delay construction and raise costs sharply.`,
    `"The risks are real, but the benefits are greater," said Anna Lindqvist, a researcher at Stockholm University.`,
    `The first data is expected to reach researchers in Paris, Cape Town and Hobart by the end of the year.`,
  ].join(' ');
}
