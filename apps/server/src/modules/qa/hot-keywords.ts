import { HOT_KEYWORDS_DAYS, HOT_KEYWORDS_LIMIT, type THotKeyword } from '@dossier/contract';
import { type AnyColumn, and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { qa, qaKeywordReview, qaSearch } from '../../db/schema/index.ts';
import { searchLog } from './search-log.ts';

/**
 * How many of the most searched keywords are matched against published Q&A for the public list (approved ones
 * always are): the match is an ILIKE over every published question and answer, so its cost is bounded by this,
 * not by how many different keywords strangers typed.
 */
const CANDIDATES = 100;

/** The start of the hot-keyword window. */
export const windowStart = (now: Date) => new Date(now.getTime() - HOT_KEYWORDS_DAYS * 86_400_000);

/**
 * Found in published Q&A: `keyword`, taken literally (`\`, `%` and `_` escaped as containsPattern does), in a
 * published question or answer, zh or en, case-insensitive. The four texts are joined by a line break, which a
 * normalised keyword never holds, so a match never spans two of them. Portable SQL (PostgreSQL 15 and 18).
 */
export const inPublishedQa = (keyword: SQL | AnyColumn) => {
  const literal = sql`replace(replace(replace(${keyword}, ${'\\'}, ${'\\\\'}), ${'%'}, ${'\\%'}), ${'_'}, ${'\\_'})`;
  return sql<boolean>`exists (select 1 from ${qa} where ${qa.published} and concat_ws(${'\n'}, ${qa.questionZh}, ${qa.answerZh}, ${qa.questionEn}, ${qa.answerEn}) ilike '%' || ${literal} || '%')`;
};

/**
 * Every keyword searched since `since` with its distinct visitors (one row of qa_search per keyword, visitor and
 * day), the latest row's id (ties go to the latest searched) and its review status ('pending' without a review).
 */
export function countedSearches(db: Db, since: Date) {
  return db.$with('counted').as(
    db
      .select({
        keyword: qaSearch.keyword,
        visitors: sql<number>`count(*)`.mapWith(Number).as('visitors'),
        latest: sql<number>`max(${qaSearch.id})`.as('latest'),
        status: sql<string>`coalesce(max(${qaKeywordReview.status}), 'pending')`.as('status'),
      })
      .from(qaSearch)
      .leftJoin(qaKeywordReview, eq(qaKeywordReview.keyword, qaSearch.keyword))
      .where(gte(qaSearch.searchedAt, since))
      .groupBy(qaSearch.keyword),
  );
}

/**
 * `GET /api/customer/qa/hot_keywords/`: the keywords of the window searched by the most distinct visitors, of
 * those a stranger cannot place (decision 0052): approved by a content editor, or pending and found in
 * published Q&A; never hidden ones. Searches made in this process are flushed first.
 */
export async function hotKeywords(ctx: AppContext): Promise<THotKeyword[]> {
  await searchLog(ctx).flush();
  const db = ctx.db.db;
  const counted = countedSearches(db, windowStart(ctx.clock.now()));
  const ranked = [desc(counted.visitors), desc(counted.latest)];
  const candidates = db
    .select({ keyword: counted.keyword })
    .from(counted)
    .where(eq(counted.status, 'pending'))
    .orderBy(...ranked)
    .limit(CANDIDATES);
  const rows = await db
    .with(counted)
    .select({ keyword: counted.keyword, count: counted.visitors })
    .from(counted)
    .where(
      or(
        eq(counted.status, 'approved'),
        and(inArray(counted.keyword, candidates), inPublishedQa(counted.keyword)),
      ),
    )
    .orderBy(...ranked)
    .limit(HOT_KEYWORDS_LIMIT);
  return rows.map((r) => ({ keyword: r.keyword, count: Number(r.count) }));
}
