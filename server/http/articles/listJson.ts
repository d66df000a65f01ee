/**
 * List bodies joined from per-row JSON fragments (issue #28 R1 uncached, server/articles/
 * rowFragments.ts): the route's list query reads (id, version) only, and each article's JSON is
 * made once per row version, role class and shape. The bytes are those the route's response
 * schema (or JSON.stringify, for the markers call) gave for the whole list before: the article
 * JSON inside a list is the same serialiser's output for the one article
 * (tests/server/listFragments.test.ts compares both paths).
 */
import type { FastifyReply } from 'fastify';
import type { Role } from '../../../data/permissions';
import { findListRowsByIds, type VersionedListRow } from '../../articles/queries';
import { gateArticlePayload, roleClass } from '../../articles/roleGate';
import type { JoinedJson, VersionedId } from '../../articles/rowFragments';
import { rememberEtag } from '../compression';
import { rowToArticle } from '../../articles/rowToArticle';
import { articleJsonSchema } from '../../articles/schemas';
import type { ArticleRouteContext } from './common';

export const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/**
 * List articles (all-articles, geocoded without useEnhanced): rowToArticle with card fields,
 * gated for `role`, serialised with the article response schema. `prefix` and `suffix` wrap the
 * comma-joined articles.
 */
export function listArticlesJson(
  deps: ArticleRouteContext,
  reply: FastifyReply,
  role: Role,
  listed: readonly VersionedId[],
  prefix: string,
  suffix: string,
): Promise<Buffer> {
  const serialize = reply.compileSerializationSchema(articleJsonSchema) as (
    article: unknown,
  ) => string;
  return withEtag(
    deps.fragments.join(
      `list:${roleClass(role)}`,
      listed,
      (ids) => findListRowsByIds(deps.db, ids),
      (row: VersionedListRow) => serialize(gateArticlePayload(rowToArticle(row), role)),
      bytes(prefix),
      bytes(suffix),
    ),
  );
}

/** The joined body, its ETag remembered for compression.ts (no hash of the whole body). */
export async function withEtag(joined: Promise<JoinedJson>): Promise<Buffer> {
  const { body, digest } = await joined;
  rememberEtag(body, digest);
  return body;
}
