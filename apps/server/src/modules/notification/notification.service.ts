import type { Locale, TNotification } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notification } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';

/** Keys of packages/i18n/locales/<lang>/notifications.json. */
export type NotificationKey =
  | 'welcome'
  | 'account_restored'
  | 'phone_changed'
  | 'email_bound'
  | (string & {});

/**
 * Leaves a message for a customer. The message is an i18n key plus parameters, translated when read,
 * in the reader's language. Every module notifies through this function.
 */
export async function notify(
  ctx: AppContext,
  opts: { customerId: number; key: NotificationKey; params?: Record<string, string | number> },
  /** The transaction of the change the message is about, so both are written or neither. */
  db: Db = ctx.db.db,
): Promise<void> {
  await db.insert(notification).values({
    customerId: opts.customerId,
    key: opts.key,
    params: opts.params ?? {},
    createdAt: ctx.clock.now(),
  });
  await ctx.customerCache?.forgetUnreadCount(opts.customerId);
}

function view(row: typeof notification.$inferSelect, locale: Locale): TNotification {
  return {
    id: row.id,
    is_read: row.isRead,
    message: translate(locale, `notifications:${row.key}`, row.params),
    time: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  ctx: AppContext,
  opts: { customerId: number; page: number; size: number; isRead?: boolean | undefined; locale: Locale },
): Promise<{ count: number; results: TNotification[] }> {
  const where: SQL[] = [eq(notification.customerId, opts.customerId)];
  if (opts.isRead !== undefined) where.push(eq(notification.isRead, opts.isRead));
  const db = ctx.db.db;
  const [total] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(...where));
  const rows = await db
    .select()
    .from(notification)
    .where(and(...where))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  return { count: total?.n ?? 0, results: rows.map((r) => view(r, opts.locale)) };
}

/** Another customer's id answers 404, exactly like an id that does not exist. */
export async function markNotificationRead(
  ctx: AppContext,
  opts: { customerId: number; id: number; locale: Locale },
): Promise<TNotification> {
  const [row] = await ctx.db.db
    .update(notification)
    .set({ isRead: true })
    .where(and(eq(notification.id, opts.id), eq(notification.customerId, opts.customerId)))
    .returning();
  if (!row) throw notFound();
  await ctx.customerCache?.forgetUnreadCount(opts.customerId);
  return view(row, opts.locale);
}

export async function deleteNotification(
  ctx: AppContext,
  opts: { customerId: number; id: number },
): Promise<void> {
  const rows = await ctx.db.db
    .delete(notification)
    .where(and(eq(notification.id, opts.id), eq(notification.customerId, opts.customerId)))
    .returning({ id: notification.id });
  if (rows.length === 0) throw notFound();
  await ctx.customerCache?.forgetUnreadCount(opts.customerId);
}

/** Deletes those of the ids that belong to the caller; others' ids are ignored. Returns how many. */
export async function deleteNotificationsByIds(
  ctx: AppContext,
  opts: { customerId: number; ids: number[] },
): Promise<{ count: number }> {
  const rows = await ctx.db.db
    .delete(notification)
    .where(and(inArray(notification.id, opts.ids), eq(notification.customerId, opts.customerId)))
    .returning({ id: notification.id });
  if (rows.length > 0) await ctx.customerCache?.forgetUnreadCount(opts.customerId);
  return { count: rows.length };
}

/** countUnreadNotifications without the database: the count this process knows, if it knows it. */
export function knownUnreadCount(ctx: AppContext, customerId: number): { count: number } | undefined {
  const cached = ctx.customerCache?.unreadCount(customerId);
  return cached === undefined ? undefined : { count: cached };
}

export async function countUnreadNotifications(
  ctx: AppContext,
  opts: { customerId: number },
): Promise<{ count: number }> {
  const known = knownUnreadCount(ctx, opts.customerId);
  if (known) return known;
  const cache = ctx.customerCache;
  const readStartedAt = cache?.now() ?? 0;
  const [row] = await ctx.db.db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.customerId, opts.customerId), eq(notification.isRead, false)));
  const n = row?.n ?? 0;
  cache?.rememberUnreadCount(opts.customerId, n, readStartedAt);
  return { count: n };
}
