import type { Locale } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { customer } from '../../db/schema/index.ts';
import { notify } from '../notification/notification.service.ts';

/**
 * Notices after filing (decision 0079): a case status change and the RFE due-date reminders reach the owner
 * in-app (a notification row: key + params, translated when read, in the reader's language) and by e-mail to
 * the verified address. The in-app row is written in the caller's transaction, so it exists exactly when the
 * change it reports does; the e-mail goes after the commit and a failed send is logged, not retried (the in-app
 * row is the record). By SMS too when SMS_FILING_NOTICES=true and the provider sends free text (Twilio; Aliyun sends
 * approved templates only), the same way: after the commit, never retried (decision 0079).
 */
export type FilingNoticeKey =
  | 'case_status_changed'
  | 'case_status_closed'
  | 'rfe_reminder_due_30'
  | 'rfe_reminder_due_14'
  | 'rfe_reminder_due_3';

export interface FilingNotice {
  customerId: number;
  key: FilingNoticeKey;
  params: Record<string, string | number>;
}

/** The in-app notification, in the transaction `db` of the change. */
export async function noticeInApp(ctx: AppContext, n: FilingNotice, db: Db): Promise<void> {
  await notify(ctx, { customerId: n.customerId, key: n.key, params: n.params }, db);
}

/**
 * The customer's language for a message sent outside a request: the account keeps no interface language, so a
 * +86 phone reads Chinese and any other English (decision 0079; a `customer.locale` column would replace this).
 */
export function ownerLocale(areaCode: string): Locale {
  return areaCode === '86' ? 'zh' : 'en';
}

/** The e-mail copy, after the commit. Never throws: a mail failure must not undo or repeat the notice. */
export async function noticeByMail(ctx: AppContext, n: FilingNotice): Promise<boolean> {
  try {
    const [row] = await ctx.db.db
      .select({ email: customer.email, verified: customer.emailVerifiedAt, areaCode: customer.areaCode })
      .from(customer)
      .where(eq(customer.id, n.customerId));
    if (!row?.email || !row.verified) return false;
    const locale = ownerLocale(row.areaCode);
    await ctx.mail.send({
      to: row.email,
      subject: translate(
        locale,
        `notifications:${n.key.startsWith('rfe_') ? 'rfe_reminder' : 'case_status'}_mail_subject`,
        n.params,
      ),
      text: translate(locale, `notifications:${n.key}`, n.params),
    });
    return true;
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, key: n.key }, 'filing notice mail failed');
    return false;
  }
}

/** The SMS copy, after the commit, where configured (SMS_FILING_NOTICES) and possible. Never throws. */
export async function noticeBySms(ctx: AppContext, n: FilingNotice): Promise<boolean> {
  const sendText = ctx.sms.sendText?.bind(ctx.sms);
  if (!ctx.config.sms.filingNotices || !sendText) return false;
  try {
    const [row] = await ctx.db.db
      .select({ phone: customer.phone, areaCode: customer.areaCode })
      .from(customer)
      .where(eq(customer.id, n.customerId));
    if (!row?.phone || !ctx.sms.supports(row.areaCode)) return false;
    const text = translate(ownerLocale(row.areaCode), `notifications:${n.key}`, n.params);
    await sendText({ areaCode: row.areaCode, phone: row.phone, text });
    return true;
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, key: n.key }, 'filing notice SMS failed');
    return false;
  }
}

/** What goes outside the app after the commit: the e-mail and, where configured, the SMS. */
export async function noticeOutside(ctx: AppContext, n: FilingNotice): Promise<void> {
  await noticeByMail(ctx, n);
  await noticeBySms(ctx, n);
}
