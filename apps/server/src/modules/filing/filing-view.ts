import {
  CASE_STATUS_CODES,
  type CaseStatusCode,
  FILING_CARRIERS,
  FILING_RECEIPT_FORMS,
  FILING_STAGES,
  type FilingStage,
  type Locale,
  type PremiumAction,
  type ProjectCode,
  premiumClock,
  STATUS_HISTORY_MAX,
  STATUS_SOURCES,
  type TFiling,
  type TFilingExhibitSnapshot,
  type TNextStep,
  type TReceipt,
  ZFilingExhibitSnapshot,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseFiling, caseRfe, filingReceipt, filingStatusEvent } from '../../db/schema/index.ts';
import { NEXT_STEPS } from './content/next-steps.ts';

export type FilingRow = typeof caseFiling.$inferSelect;
type ReceiptRow = typeof filingReceipt.$inferSelect;
type EventRow = typeof filingStatusEvent.$inferSelect;
type RfeRow = typeof caseRfe.$inferSelect;

const oneOf = <T extends string>(list: readonly T[], v: string | null | undefined): T | null =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : null;

export const stageOf = (row: FilingRow | undefined): FilingStage =>
  oneOf(FILING_STAGES, row?.stage) ?? 'preparing';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const DECISION_CODES: ReadonlySet<CaseStatusCode> = new Set(['approved', 'card_produced', 'denied']);

/** USCIS's actions on a receipt, from its status history and the case's RFEs (the premium clock stops on them). */
function actionsOf(events: EventRow[], rfes: RfeRow[]): PremiumAction[] {
  const out: PremiumAction[] = [];
  for (const e of events) {
    const on = e.occurredOn ?? e.observedAt.toISOString().slice(0, 10);
    if (e.statusCode === 'rfe_sent') out.push({ kind: 'rfe', on });
    else if (DECISION_CODES.has(e.statusCode as CaseStatusCode)) out.push({ kind: 'decision', on });
  }
  for (const r of rfes) out.push({ kind: 'rfe', on: r.noticeDate });
  return out;
}

function receiptView(
  r: ReceiptRow,
  events: EventRow[],
  rfes: RfeRow[],
  projectCode: ProjectCode,
  today: string,
): TReceipt {
  const newestFirst = events
    .filter((e) => e.receiptId === r.id)
    .sort((a, b) => b.id - a.id)
    .slice(0, STATUS_HISTORY_MAX);
  const mine = rfes.filter((x) => x.receiptId === null || x.receiptId === r.id);
  const responded = mine
    .map((x) => x.respondedOn)
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  const clock =
    r.form === 'I-140' && r.premium && r.noticeDate
      ? premiumClock({
          rule: projectCode === 'USA_NIW' ? 'niw' : 'eb1a',
          receivedOn: r.noticeDate,
          today,
          actions: actionsOf(newestFirst, mine),
          rfeRespondedOn: responded ?? null,
        })
      : null;
  return {
    id: r.id,
    form: oneOf(FILING_RECEIPT_FORMS, r.form) ?? 'other',
    receipt_number: r.receiptNumber,
    notice_date: r.noticeDate,
    premium: r.premium,
    notice_upload_id: r.noticeUploadId,
    status_code: oneOf(CASE_STATUS_CODES, r.statusCode),
    status_text: r.statusText,
    status_description: r.statusDescription,
    status_source: oneOf(STATUS_SOURCES, r.statusSource),
    status_at: iso(r.statusAt),
    closed: r.closed,
    last_polled_at: iso(r.lastPolledAt),
    history: newestFirst.map((e) => ({
      id: e.id,
      status_code: oneOf(CASE_STATUS_CODES, e.statusCode) ?? 'other',
      status_text: e.statusText,
      status_description: e.statusDescription,
      source: oneOf(STATUS_SOURCES, e.source) ?? 'manual',
      occurred_on: e.occurredOn,
      observed_at: e.observedAt.toISOString(),
    })),
    premium_clock: clock,
  };
}

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The stage's next steps in `locale`, with the dates computed from the stage's date (null when unknown). */
export function nextSteps(
  locale: Locale,
  stage: FilingStage,
  stageOn: string | null,
  openRfeDue: string | null,
): TNextStep[] {
  return NEXT_STEPS[stage].map((s) => {
    let due: string | null = null;
    if (s.due?.kind === 'stage_plus' && stageOn) due = plusDays(stageOn, s.due.days);
    else if (s.due?.kind === 'stage_on') due = stageOn;
    else if (s.due?.kind === 'rfe_due') due = openRfeDue;
    const vars = { due: due ?? '' };
    return {
      key: s.key,
      title: translate(locale, `filing:next_steps.${s.key}.title`, vars),
      text: translate(locale, `filing:next_steps.${s.key}.text`, vars),
      due_on: due,
      source: s.source,
    };
  });
}

/** The exhibit snapshot as stored (case_filing.exhibit_snapshot), checked against the contract; null when absent. */
export function snapshotIn(raw: unknown): TFilingExhibitSnapshot | null {
  const parsed = ZFilingExhibitSnapshot.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The case's filing as the screens show it (`recorded: false`, stage `preparing` before any mailing). */
export async function filingView(
  ctx: AppContext,
  db: Db,
  c: { caseId: number; projectCode: ProjectCode; locale: Locale; today: string },
): Promise<TFiling> {
  const [[row], receipts, events, rfes] = await Promise.all([
    db.select().from(caseFiling).where(eq(caseFiling.caseId, c.caseId)),
    db.select().from(filingReceipt).where(eq(filingReceipt.caseId, c.caseId)).orderBy(asc(filingReceipt.id)),
    db
      .select()
      .from(filingStatusEvent)
      .where(eq(filingStatusEvent.caseId, c.caseId))
      .orderBy(desc(filingStatusEvent.id)),
    db.select().from(caseRfe).where(eq(caseRfe.caseId, c.caseId)).orderBy(asc(caseRfe.id)),
  ]);
  const stage = stageOf(row);
  const openRfe = rfes.filter((r) => r.status === 'open').at(-1);
  return {
    case_id: c.caseId,
    recorded: row?.mailedOn != null,
    version: row?.version ?? 0,
    mailed_on: row?.mailedOn ?? null,
    carrier: oneOf(FILING_CARRIERS, row?.carrier),
    tracking_number: row?.trackingNumber ?? null,
    stage,
    stage_on: row?.stageOn ?? null,
    receipts: receipts.map((r) => receiptView(r, events, rfes, c.projectCode, c.today)),
    snapshot: snapshotIn(row?.exhibitSnapshot),
    next_steps: nextSteps(c.locale, stage, row?.stageOn ?? null, openRfe?.dueDate ?? null),
    status_polling: ctx.caseStatus !== null,
  };
}
