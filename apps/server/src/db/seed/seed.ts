import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { areaCode, timezone } from '../schema/index.ts';
import { AREA_CODES } from './area-codes.data.ts';
import { TIMEZONES } from './timezones.data.ts';

/**
 * Upserts the reference lists. Idempotent and cheap (two statements), so it runs at every start and a
 * corrected data file reaches existing databases.
 */
export async function seedReferenceData(db: Db): Promise<void> {
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
}
