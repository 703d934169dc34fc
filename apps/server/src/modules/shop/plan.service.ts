import type { Locale, ProjectCode, TPlan } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { plan, planRecord, product, project, workbenchCase } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { requestPacket } from '../packet/packet.service.ts';
import { localName, type ProjectRow } from './catalogue.service.ts';
import { baseExpiry } from './rights.service.ts';

/** The plan of one customer and project (unique), created with the first base service. */
export async function ensurePlan(
  db: Db,
  opts: { customerId: number; project: ProjectRow; now: Date },
): Promise<number> {
  await db
    .insert(plan)
    .values({
      customerId: opts.customerId,
      projectId: opts.project.id,
      name: translate('en', 'messages:plan_name', { project: opts.project.nameEn }),
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .onConflictDoNothing({ target: [plan.customerId, plan.projectId] });
  const [row] = await db
    .select({ id: plan.id })
    .from(plan)
    .where(and(eq(plan.customerId, opts.customerId), eq(plan.projectId, opts.project.id)));
  return row!.id;
}

/** A modification record: the content is an i18n key with parameters, rendered in the reader's language. */
export async function appendPlanRecord(
  db: Db,
  opts: { planId: number; now: Date; key: string; params?: Record<string, string> },
): Promise<void> {
  const [p] = await db.select({ name: plan.name }).from(plan).where(eq(plan.id, opts.planId));
  await db.insert(planRecord).values({
    planId: opts.planId,
    planName: p?.name ?? '',
    content: JSON.stringify({ key: `messages:${opts.key}`, params: opts.params ?? {} }),
    createdAt: opts.now,
  });
  await db.update(plan).set({ updatedAt: opts.now }).where(eq(plan.id, opts.planId));
}

/** The key and parameters of a record written by appendPlanRecord; null for plain text. */
function recordMessage(content: string): { key: string; params: Record<string, string> } | null {
  try {
    const parsed = JSON.parse(content) as { key?: unknown; params?: Record<string, unknown> };
    if (typeof parsed.key !== 'string') return null;
    const params = Object.fromEntries(Object.entries(parsed.params ?? {}).map(([k, v]) => [k, String(v)]));
    return { key: parsed.key, params };
  } catch {
    return null;
  }
}

function renderContent(content: string, locale: Locale, serviceNames: Map<string, string>): string {
  try {
    const parsed = JSON.parse(content) as { key?: unknown; params?: Record<string, string> };
    if (typeof parsed.key !== 'string') return content;
    const params = { ...(parsed.params ?? {}) };
    if (params.service) params.service = serviceNames.get(params.service) ?? params.service;
    // The server's text has the UTC date; screens use `message` for the reader's own time zone.
    if (params.until) params.until = params.until.slice(0, 10);
    return translate(locale, parsed.key, params);
  } catch {
    // Plain text written by staff.
    return content;
  }
}

async function toPlan(
  ctx: AppContext,
  row: typeof plan.$inferSelect,
  pr: ProjectRow,
  locale: Locale,
): Promise<TPlan> {
  const db = ctx.db.db;
  const products = await db
    .select({ service: product.service, nameZh: product.nameZh, nameEn: product.nameEn })
    .from(product)
    .where(eq(product.projectId, pr.id));
  const serviceNames = new Map(products.map((p) => [p.service, localName(p, locale)]));
  const records = await db
    .select()
    .from(planRecord)
    .where(eq(planRecord.planId, row.id))
    .orderBy(asc(planRecord.createdAt), asc(planRecord.id));
  const name = translate(locale, 'messages:plan_name', { project: localName(pr, locale) });
  const until = (await baseExpiry(db, row.customerId, pr.id)) ?? row.createdAt;
  return {
    id: row.id,
    project_code: pr.code as ProjectCode,
    name,
    created_at: row.createdAt.toISOString(),
    expires_at: until.toISOString(),
    status: until > ctx.clock.now() ? 'active' : 'expired',
    records: records.map((r, i) => ({
      index: i + 1,
      plan_name: name,
      content: renderContent(r.content, locale, serviceNames),
      time: r.createdAt.toISOString(),
      message: recordMessage(r.content),
    })),
  };
}

/** GET /api/customer/plan/ */
export async function listPlans(
  ctx: AppContext,
  opts: { customerId: number; projectCode?: ProjectCode | undefined; locale: Locale },
): Promise<{ count: number; results: TPlan[] }> {
  const where = [eq(plan.customerId, opts.customerId)];
  if (opts.projectCode) where.push(eq(project.code, opts.projectCode));
  const rows = await ctx.db.db
    .select({ plan, project })
    .from(plan)
    .innerJoin(project, eq(plan.projectId, project.id))
    .where(and(...where))
    .orderBy(desc(plan.createdAt), desc(plan.id));
  const results: TPlan[] = [];
  for (const r of rows) results.push(await toPlan(ctx, r.plan, r.project, opts.locale));
  return { count: results.length, results };
}

/** The project of one of the customer's plans (another customer's plan: 404). */
export async function planProjectCode(
  ctx: AppContext,
  customerId: number,
  planId: number,
): Promise<ProjectCode> {
  const [row] = await ctx.db.db
    .select({ code: project.code })
    .from(plan)
    .innerJoin(project, eq(plan.projectId, project.id))
    .where(and(eq(plan.id, planId), eq(plan.customerId, customerId)));
  if (!row) throw notFound();
  return row.code as ProjectCode;
}

/**
 * PATCH /api/customer/plan/{id}/apply_print_material/: records the application (the print workflow comes
 * with its issue). Gated as a workbench write by the route.
 */
export async function applyPrintMaterial(
  ctx: AppContext,
  opts: { customerId: number; planId: number; locale: Locale },
): Promise<TPlan> {
  const db = ctx.db.db;
  const now = ctx.clock.now();
  // Queues the same build as `POST …/packet/` for the plan's case (issue 14 item 2); refusals change nothing.
  const [found] = await db
    .select({ caseRow: workbenchCase, code: project.code })
    .from(plan)
    .innerJoin(project, eq(project.id, plan.projectId))
    .innerJoin(
      workbenchCase,
      and(eq(workbenchCase.customerId, plan.customerId), eq(workbenchCase.projectId, plan.projectId)),
    )
    .where(and(eq(plan.id, opts.planId), eq(plan.customerId, opts.customerId)));
  if (found) await requestPacket(ctx, found.caseRow, found.code as ProjectCode, opts.locale);
  const [row] = await db
    .update(plan)
    .set({ printState: { material: 'applied', applied_at: now.toISOString() }, updatedAt: now })
    .where(and(eq(plan.id, opts.planId), eq(plan.customerId, opts.customerId)))
    .returning();
  if (!row) throw notFound();
  await appendPlanRecord(db, { planId: row.id, now, key: 'plan_record_print_applied' });
  const [pr] = await db.select().from(project).where(eq(project.id, row.projectId));
  return toPlan(ctx, row, pr!, opts.locale);
}
