import { HOT_KEYWORDS_DAYS, type Locale, QaErrorCode, type TQa, type TQaCategory } from '@dossier/contract';
import { and, asc, count, eq, ilike, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { advice, qa, qaCategory, qaSearch } from '../../db/schema/index.ts';
import type { PurgeStep } from '../../jobs/purge.handler.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { searchLog } from './search-log.ts';
import { dayOf, type Searcher, visitorKey } from './visitor.ts';

/** "This cannot be left blank." (spec §5) for an empty or whitespace-only question or suggestion. */
export const blankError = () => new AppError(400, QaErrorCode.blank, `errors:${QaErrorCode.blank}`);

/** Lower-cased, trimmed, inner whitespace collapsed: "  EB-1A  Fee " and "eb-1a fee" count as one keyword. */
export function normaliseKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A LIKE pattern matching `text` anywhere, with `\`, `%` and `_` taken literally (backslash is the escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The caller's language, falling back to the other one for a row written in one language only. */
function localised(locale: Locale) {
  return locale === 'en'
    ? {
        question: sql<string>`coalesce(${qa.questionEn}, ${qa.questionZh}, '')`,
        answer: sql<string>`coalesce(${qa.answerEn}, ${qa.answerZh}, '')`,
      }
    : {
        question: sql<string>`coalesce(${qa.questionZh}, ${qa.questionEn}, '')`,
        answer: sql<string>`coalesce(${qa.answerZh}, ${qa.answerEn}, '')`,
      };
}

function columns(locale: Locale) {
  const l = localised(locale);
  return {
    id: qa.id,
    categoryId: qa.categoryId,
    question: l.question,
    answer: l.answer,
    createdAt: qa.createdAt,
  };
}

type Row = { id: number; categoryId: number | null; question: string; answer: string; createdAt: Date };
const view = (r: Row): TQa => ({
  id: r.id,
  category_id: r.categoryId,
  question: r.question,
  answer: r.answer,
  created_at: r.createdAt.toISOString(),
});

export async function listCategories(ctx: AppContext, opts: { locale: Locale }): Promise<TQaCategory[]> {
  const rows = await ctx.db.db
    .select({ id: qaCategory.id, nameZh: qaCategory.nameZh, nameEn: qaCategory.nameEn })
    .from(qaCategory)
    .orderBy(asc(qaCategory.position), asc(qaCategory.id));
  return rows.map((r) => ({ id: r.id, name: opts.locale === 'en' ? r.nameEn : r.nameZh }));
}

/**
 * Published questions, optionally filtered by category and by a keyword found in the question or the answer
 * (caller's language, case-insensitive substring: works for Chinese and English on PGlite and PostgreSQL
 * alike, no extension needed). A keyword search on the first page is recorded for the hot keywords
 * (hot-keywords.ts).
 */
export async function listQuestions(
  ctx: AppContext,
  opts: {
    page: number;
    size: number;
    keyword?: string | undefined;
    categoryId?: number | undefined;
    locale: Locale;
    /** Who searched: a first-page keyword search counts once a day for this visitor (decision 0052). */
    searcher: Searcher;
  },
): Promise<{ count: number; results: TQa[] }> {
  const db = ctx.db.db;
  const keyword = normaliseKeyword(opts.keyword ?? '');
  const pattern = keyword ? containsPattern(keyword) : undefined;
  // The page and the total in one statement (a window count); a page past the end has no row to carry the
  // total, so only then is it counted on its own.
  const rows = await pageQuery(db, opts.locale, Boolean(keyword), opts.categoryId !== undefined).execute({
    categoryId: opts.categoryId,
    pattern,
    limit: opts.size,
    offset: (opts.page - 1) * opts.size,
  });
  // Recorded once the search ran: a keyword the database refused never joins (and spoils) a batch.
  if (keyword && opts.page === 1) {
    const searchedAt = ctx.clock.now();
    const day = dayOf(searchedAt);
    searchLog(ctx).record({
      keyword,
      day,
      visitor: visitorKey(ctx.authSecret, day, opts.searcher),
      searchedAt,
    });
  }
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && opts.page > 1) {
    const [n] = await db
      .select({ n: count() })
      .from(qa)
      .where(shown(opts.locale, opts.categoryId, pattern));
    total = n?.n ?? 0;
  }
  return { count: total, results: rows.map(view) };
}

/**
 * The published questions a search shows: of a category, and with a LIKE pattern in the question or the answer
 * (caller's language); each given as a value or as a prepared statement's placeholder.
 */
function shown(locale: Locale, categoryId?: number | Placeholder, pattern?: string | Placeholder) {
  const where: SQL[] = [eq(qa.published, true)];
  if (categoryId !== undefined) where.push(eq(qa.categoryId, categoryId));
  if (pattern !== undefined) {
    const l = localised(locale);
    where.push(or(ilike(l.question, pattern), ilike(l.answer, pattern)) as SQL);
  }
  return and(...where);
}

/**
 * The page statement, prepared once per connection for each shape (language × keyword × category): the search
 * runs on every keystroke pause of the Q&A page, and planning it cost about as much as running it (decision 0042).
 */
function pageQuery(db: Db, locale: Locale, byKeyword: boolean, byCategory: boolean) {
  const name = `qa_page_${locale}${byKeyword ? '_keyword' : ''}${byCategory ? '_category' : ''}`;
  return preparedOnce(db, name, () => preparePage(db, name, locale, byKeyword, byCategory));
}
function preparePage(db: Db, name: string, locale: Locale, byKeyword: boolean, byCategory: boolean) {
  const where = shown(
    locale,
    byCategory ? sql.placeholder('categoryId') : undefined,
    byKeyword ? sql.placeholder('pattern') : undefined,
  );
  return db
    .select({ ...columns(locale), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(qa)
    .where(where)
    .orderBy(asc(qa.position), asc(qa.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

export async function getQuestion(ctx: AppContext, opts: { id: number; locale: Locale }): Promise<TQa> {
  const [row] = await ctx.db.db
    .select(columns(opts.locale))
    .from(qa)
    .where(and(eq(qa.id, opts.id), eq(qa.published, true)));
  if (!row) throw notFound();
  return view(row);
}

/** Stores a customer's question, unpublished, in the language it was asked in; staff answer it later. */
export async function askQuestion(
  ctx: AppContext,
  opts: { customerId: number; question: string; categoryId?: number | undefined; locale: Locale },
): Promise<{ id: number }> {
  const question = opts.question.trim();
  if (!question) throw blankError();
  const db = ctx.db.db;
  let categoryId: number | null = null;
  if (opts.categoryId !== undefined) {
    const [cat] = await db
      .select({ id: qaCategory.id })
      .from(qaCategory)
      .where(eq(qaCategory.id, opts.categoryId));
    if (!cat) throw new AppError(400, 'validation', 'errors:validation', { field: 'body.category_id' });
    categoryId = cat.id;
  }
  const [row] = await db
    .insert(qa)
    .values({
      customerId: opts.customerId,
      categoryId,
      ...(opts.locale === 'en' ? { questionEn: question } : { questionZh: question }),
      language: opts.locale,
      published: false,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: qa.id });
  return { id: row!.id };
}

export async function submitAdvice(
  ctx: AppContext,
  opts: { customerId: number | null; content: string; locale: Locale },
): Promise<void> {
  const content = opts.content.trim();
  if (!content) throw blankError();
  await ctx.db.db
    .insert(advice)
    .values({ customerId: opts.customerId, content, language: opts.locale, createdAt: ctx.clock.now() });
}

/** Search records older than the hot-keyword window are of no further use (a daily purge step). */
export const purgeOldSearches: PurgeStep = {
  name: 'qa.old_searches',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - HOT_KEYWORDS_DAYS * 86_400_000);
    const rows = await ctx.db.db
      .delete(qaSearch)
      .where(lt(qaSearch.searchedAt, cutoff))
      .returning({ id: qaSearch.id });
    return rows.length;
  },
};
