import type { KeywordReviewStatus, TStaffHotKeyword } from '@dossier/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { qaKeywordReview } from '../../db/schema/index.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { countedSearches, inPublishedQa, windowStart } from '../qa/hot-keywords.ts';
import { normaliseKeyword } from '../qa/qa.service.ts';
import { searchLog } from '../qa/search-log.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { staffTx } from './queue-common.ts';

/**
 * The hot-keyword review for content editors (decision 0035, review states in decision 0052): the keywords of
 * the window by distinct visitors, with their state and whether they are found in published Q&A; an editor
 * approves one (it may be shown), hides one (never shown) or sets it back to pending.
 */

/** How many keywords the review list shows (the public list shows HOT_KEYWORDS_LIMIT of the shown ones). */
const REVIEW_LIMIT = 50;

/** GET /api/staff/qa/hot_keywords/?status=: the most searched keywords of the window (of one state, or all). */
export async function reviewHotKeywords(
  ctx: AppContext,
  status?: KeywordReviewStatus | undefined,
): Promise<TStaffHotKeyword[]> {
  await searchLog(ctx).flush();
  const db = ctx.db.db;
  const counted = countedSearches(db, windowStart(ctx.clock.now()));
  const rows = await db
    .with(counted)
    .select({
      keyword: counted.keyword,
      count: counted.visitors,
      status: counted.status,
      matches: inPublishedQa(counted.keyword),
    })
    .from(counted)
    .where(status ? eq(counted.status, status) : undefined)
    .orderBy(desc(counted.visitors), desc(counted.latest))
    .limit(REVIEW_LIMIT);
  return rows.map((r) => {
    const state = r.status as KeywordReviewStatus;
    const matches = r.matches === true;
    return {
      keyword: r.keyword,
      count: Number(r.count),
      status: state,
      matches_published: matches,
      public: state === 'approved' || (state === 'pending' && matches),
    };
  });
}

/**
 * POST /api/staff/qa/hot_keywords/ {keyword, status}: the keyword (normalised as searches are) approved, hidden,
 * or back to pending (its review removed); audited as qa_keyword.approve / hide / pending.
 */
export async function setKeywordReview(
  ctx: AppContext,
  who: StaffPrincipal,
  raw: string,
  status: KeywordReviewStatus,
): Promise<TStaffHotKeyword[]> {
  const keyword = normaliseKeyword(raw);
  await staffTx(ctx, who, async (tx) => {
    const [before] = await tx
      .select({ status: qaKeywordReview.status })
      .from(qaKeywordReview)
      .where(eq(qaKeywordReview.keyword, keyword))
      .for('update');
    if (status === 'pending') {
      await tx.delete(qaKeywordReview).where(eq(qaKeywordReview.keyword, keyword));
    } else {
      const review = { status, reviewedBy: who.staffId, reviewedAt: ctx.clock.now() };
      await tx
        .insert(qaKeywordReview)
        .values({ keyword, ...review })
        .onConflictDoUpdate({ target: qaKeywordReview.keyword, set: review });
    }
    await recordAudit(ctx, tx, who, {
      action: `qa_keyword.${status === 'approved' ? 'approve' : status === 'hidden' ? 'hide' : 'pending'}`,
      targetType: 'qa_keyword',
      targetId: keyword.slice(0, 200),
      before: { status: before?.status ?? 'pending' },
      after: { status },
    });
  });
  return reviewHotKeywords(ctx);
}
