import { createHash } from 'node:crypto';
import { EDITION_FACTS } from '@dossier/forms';
import { SHIPPED_BLANKS } from '@dossier/forms/blanks';
import { eq, sql } from 'drizzle-orm';
import { seedFormEditions } from '../../modules/forms/editions.service.ts';
import { seedShop } from '../../modules/shop/catalogue.seed.ts';
import type { Db } from '../client.ts';
import { appMeta, areaCode, qa, qaCategory, timezone } from '../schema/index.ts';
import { AREA_CODES } from './area-codes.data.ts';
import { QA_CATEGORIES, QA_ITEMS } from './qa.data.ts';
import { SHOP_EXCHANGE_RATES, SHOP_PRODUCTS, SHOP_PROJECTS, SHOP_PROMO_CODES } from './shop.data.ts';
import { TIMEZONES } from './timezones.data.ts';

const SEED_KEY = 'seed.reference';
/** Changes whenever a data file changes, so a corrected list reaches existing databases. */
const SEED_VERSION = createHash('sha256')
  .update(
    JSON.stringify([
      AREA_CODES,
      TIMEZONES,
      QA_CATEGORIES,
      QA_ITEMS,
      SHOP_PROJECTS,
      SHOP_PRODUCTS,
      SHOP_EXCHANGE_RATES,
      SHOP_PROMO_CODES,
      EDITION_FACTS,
      SHIPPED_BLANKS,
    ]),
  )
  .digest('hex');

/**
 * Upserts the reference lists when this database holds another version of them (or none): the version
 * is remembered in app_meta, so an ordinary start reads one row instead of rewriting 660.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const [current] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (current?.value === SEED_VERSION) return;
  await db
    .insert(areaCode)
    .values(
      AREA_CODES.map((a, i) => ({
        areaCode: a.area_code,
        shortName: a.short_name,
        nameZh: a.name_zh,
        nameEn: a.name_en,
        position: i,
      })),
    )
    .onConflictDoUpdate({
      target: areaCode.shortName,
      set: {
        areaCode: sql`excluded.area_code`,
        nameZh: sql`excluded.name_zh`,
        nameEn: sql`excluded.name_en`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(timezone)
    .values(
      TIMEZONES.map((t, i) => ({
        code: t.code,
        nameZh: t.name_zh,
        nameEn: t.name_en,
        offsetMinutes: t.offset_minutes,
        position: i,
      })),
    )
    .onConflictDoUpdate({
      target: timezone.code,
      set: {
        nameZh: sql`excluded.name_zh`,
        nameEn: sql`excluded.name_en`,
        offsetMinutes: sql`excluded.offset_minutes`,
        position: sql`excluded.position`,
      },
    });
  await seedQa(db);
  await seedShop(db);
  await seedFormEditions(db);
  await db
    .insert(appMeta)
    .values({ key: SEED_KEY, value: SEED_VERSION })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION, updatedAt: sql`now()` } });
}

/** The Q&A zone's categories and published questions, upserted by their stable keys. */
async function seedQa(db: Db): Promise<void> {
  const categories = await db
    .insert(qaCategory)
    .values(QA_CATEGORIES.map((c, i) => ({ key: c.key, nameZh: c.name_zh, nameEn: c.name_en, position: i })))
    .onConflictDoUpdate({
      target: qaCategory.key,
      set: { nameZh: sql`excluded.name_zh`, nameEn: sql`excluded.name_en`, position: sql`excluded.position` },
    })
    .returning({ id: qaCategory.id, key: qaCategory.key });
  const idOf = new Map(categories.map((c) => [c.key, c.id]));
  const now = new Date();
  await db
    .insert(qa)
    .values(
      QA_ITEMS.map((q, i) => {
        const categoryId = idOf.get(q.category);
        if (categoryId === undefined) throw new Error(`Q&A seed ${q.key}: unknown category ${q.category}`);
        return {
          seedKey: q.key,
          categoryId,
          questionZh: q.question_zh,
          answerZh: q.answer_zh,
          questionEn: q.question_en,
          answerEn: q.answer_en,
          published: true,
          position: i,
          createdAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: qa.seedKey,
      set: {
        categoryId: sql`excluded.category_id`,
        questionZh: sql`excluded.question_zh`,
        answerZh: sql`excluded.answer_zh`,
        questionEn: sql`excluded.question_en`,
        answerEn: sql`excluded.answer_en`,
        published: sql`excluded.published`,
        position: sql`excluded.position`,
      },
    });
}
