import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exchangeRate, product, project, promoCode } from '../../db/schema/index.ts';
import {
  SHOP_EXCHANGE_RATES,
  SHOP_PRODUCTS,
  SHOP_PROJECTS,
  SHOP_PROMO_CODES,
} from '../../db/seed/shop.data.ts';

/**
 * Seeds the catalogue. Names, descriptions and order follow the data file; prices, exchange rates and promo
 * codes are inserted once and then belong to staff (never overwritten).
 */
export async function seedShop(db: Db): Promise<void> {
  const projects = await db
    .insert(project)
    .values(
      SHOP_PROJECTS.map((p, i) => ({
        code: p.code,
        area: p.area,
        nameZh: p.name_zh,
        nameEn: p.name_en,
        position: i,
      })),
    )
    .onConflictDoUpdate({
      target: project.code,
      set: {
        area: sql`excluded.area`,
        nameZh: sql`excluded.name_zh`,
        nameEn: sql`excluded.name_en`,
        position: sql`excluded.position`,
      },
    })
    .returning({ id: project.id });
  await db
    .insert(product)
    .values(
      projects.flatMap(({ id }) =>
        SHOP_PRODUCTS.map((p, i) => ({
          projectId: id,
          service: p.service,
          kind: p.kind,
          nameZh: p.name_zh,
          nameEn: p.name_en,
          descriptionZh: p.description_zh,
          descriptionEn: p.description_en,
          priceMinor: p.price_minor,
          currency: 'USD',
          durationMonths: p.duration_months,
          position: i,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: [product.projectId, product.service],
      set: {
        kind: sql`excluded.kind`,
        nameZh: sql`excluded.name_zh`,
        nameEn: sql`excluded.name_en`,
        descriptionZh: sql`excluded.description_zh`,
        descriptionEn: sql`excluded.description_en`,
        durationMonths: sql`excluded.duration_months`,
        position: sql`excluded.position`,
      },
    });
  const now = new Date();
  for (const r of SHOP_EXCHANGE_RATES) {
    const effectiveAt = new Date(r.effective_at);
    const [known] = await db
      .select({ id: exchangeRate.id })
      .from(exchangeRate)
      .where(
        and(
          eq(exchangeRate.base, 'USD'),
          eq(exchangeRate.quote, 'CNY'),
          eq(exchangeRate.effectiveAt, effectiveAt),
        ),
      );
    if (!known) await db.insert(exchangeRate).values({ rateE4: r.rate_e4, effectiveAt, createdAt: now });
  }
  await db
    .insert(promoCode)
    .values(SHOP_PROMO_CODES.map((p) => ({ code: p.code, kind: p.kind, value: p.value, createdAt: now })))
    .onConflictDoNothing({ target: promoCode.code });
}
