import type { TPromotion } from '@dossier/contract';
import {
  isAddon,
  type Locale,
  type PackageDisplay,
  PROJECT_WORKBENCH_PATH,
  type ProjectCode,
  type ServiceCode,
  type TAreaProjects,
  type TProduct,
  type TProject,
} from '@dossier/contract';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { product, project, promoCode } from '../../db/schema/index.ts';
import { SHOP_AREAS } from '../../db/seed/shop.data.ts';
import { activeServices } from './rights.service.ts';

export type ProjectRow = typeof project.$inferSelect;
export type ProductRow = typeof product.$inferSelect;

export const localName = (row: { nameZh: string; nameEn: string }, locale: Locale) =>
  locale === 'en' ? row.nameEn : row.nameZh;

export function toProject(row: ProjectRow, locale: Locale): TProject {
  const code = row.code as ProjectCode;
  return {
    id: row.id,
    code,
    area: row.area,
    name: localName(row, locale),
    workbench_path: PROJECT_WORKBENCH_PATH[code],
  };
}

/** GET /api/customer/project/area_projects/: active projects grouped by their country/state area. */
export async function areaProjects(ctx: AppContext, locale: Locale): Promise<TAreaProjects> {
  const rows = await ctx.db.db
    .select()
    .from(project)
    .where(eq(project.active, true))
    .orderBy(asc(project.position), asc(project.id));
  const areas: TAreaProjects = [];
  for (const row of rows) {
    let area = areas.find((a) => a.area === row.area);
    if (!area) {
      const known = SHOP_AREAS.find((a) => a.code === row.area);
      area = {
        area: row.area,
        name: known ? (locale === 'en' ? known.name_en : known.name_zh) : row.area,
        projects: [],
      };
      areas.push(area);
    }
    area.projects.push(toProject(row, locale));
  }
  return areas;
}

export async function projectByCode(db: Db, code: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(project).where(eq(project.code, code));
  return row;
}

/** What the package comparison shows for one product (spec §4 Package display). */
export function displayOf(service: ServiceCode, held: ReadonlySet<ServiceCode> | null): PackageDisplay {
  if (held?.has(service)) return 'purchased';
  if (!isAddon(service)) return 'purchase_now';
  return held?.has('DIY_STANDARD') ? 'purchase_now' : 'not_available';
}

/** GET /api/customer/product/: per caller display; anonymous callers pass customerId null. */
export async function listProducts(
  ctx: AppContext,
  opts: { customerId: number | null; projectCode?: ProjectCode | undefined; locale: Locale },
): Promise<TProduct[]> {
  const db = ctx.db.db;
  const where = [eq(product.active, true), eq(project.active, true)];
  if (opts.projectCode) where.push(eq(project.code, opts.projectCode));
  const rows = await db
    .select({ p: product, project })
    .from(product)
    .innerJoin(project, eq(product.projectId, project.id))
    .where(and(...where))
    .orderBy(asc(project.position), asc(project.id), asc(product.position), asc(product.id));
  const now = ctx.clock.now();
  const heldByProject = new Map<number, Set<ServiceCode>>();
  if (opts.customerId !== null) {
    for (const projectId of new Set(rows.map((r) => r.project.id))) {
      heldByProject.set(projectId, await activeServices(db, opts.customerId, projectId, now));
    }
  }
  return rows.map(({ p, project: pr }) => toProduct(p, pr, opts.locale, heldByProject.get(pr.id) ?? null));
}

export function toProduct(
  p: ProductRow,
  pr: ProjectRow,
  locale: Locale,
  held: ReadonlySet<ServiceCode> | null,
): TProduct {
  const service = p.service as ServiceCode;
  return {
    id: p.id,
    project_id: pr.id,
    project_code: pr.code as ProjectCode,
    service,
    kind: p.kind === 'base' ? 'base' : 'addon',
    name: localName(p, locale),
    description: locale === 'en' ? p.descriptionEn : p.descriptionZh,
    price: { amount: p.priceMinor, currency: 'USD' },
    duration_months: p.durationMonths,
    display: displayOf(service, held),
  };
}

/**
 * GET /api/customer/promotion/: the promo codes a quote would accept right now from anyone (the same checks as
 * orders.service.ts's quote), referral codes excluded. Oldest first, so the page leads with the standing offer.
 */
export async function listPromotions(ctx: AppContext): Promise<TPromotion[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.db
    .select()
    .from(promoCode)
    .where(
      and(
        eq(promoCode.active, true),
        isNull(promoCode.referrerCustomerId),
        or(isNull(promoCode.validFrom), lte(promoCode.validFrom, now)),
        or(isNull(promoCode.validUntil), gt(promoCode.validUntil, now)),
      ),
    )
    .orderBy(asc(promoCode.id));
  return rows.map((r) => ({
    code: r.code,
    kind: r.kind === 'percent' ? 'percent' : 'amount',
    value: r.value,
    valid_until: r.validUntil?.toISOString() ?? null,
  }));
}
