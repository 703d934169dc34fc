import { fuzzyPhone, type TCustomer } from '@dossier/contract';
import type { customer } from '../../db/schema/index.ts';

export function toCustomer(row: typeof customer.$inferSelect): TCustomer {
  return {
    id: row.id,
    area_code: row.areaCode,
    phone: row.phone,
    fuzzy_phone: fuzzyPhone(row.phone),
    email: row.email,
    timezone: row.timezone,
    last_login: row.lastLoginAt?.toISOString() ?? null,
    deletion_scheduled_at: row.deletionScheduledAt?.toISOString() ?? null,
  };
}
