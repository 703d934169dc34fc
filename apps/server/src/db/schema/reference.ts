import { bigint, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Phone area codes (seeded). `position` is the display order: the default, 86, comes first. */
export const areaCode = pgTable(
  'area_code',
  {
    id: serial('id').primaryKey(),
    areaCode: text('area_code').notNull(),
    shortName: text('short_name').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('area_code_short_name_uq').on(t.shortName)],
);

/** IANA time zones (seeded), in display order. */
export const timezone = pgTable('timezone', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  offsetMinutes: integer('offset_minutes').notNull(),
  position: integer('position').notNull(),
});

/** Static-file catalogue maintained by staff (templates, instructions, guides). */
export const staticFile = pgTable(
  'static_file',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** 'staff' (uploaded) or 'generated' (written by Dossier, e.g. the ETA-9089 filling guide; staff may replace it). */
    source: text('source').notNull().default('staff'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('static_file_key_uq').on(t.key)],
);

/** Small key/value facts about this database (e.g. which reference-data version it holds). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
