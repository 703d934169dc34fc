import type { Locale, OrderStatus, ProjectCode, ServiceCode, TMoney } from '@dossier/contract';
import { ORDER_STATUS_UNDEFINED, ORDER_STATUSES, PROJECT_CODES, SERVICE_CODES } from '@dossier/contract';

/** Pure shop helpers (money, dates, statuses, deep links): no React, unit-tested in node. */

const INTL_LOCALE: Record<Locale, string> = { zh: 'zh-CN', en: 'en-US' };

/** Minor units → "$599.00" / "¥4,253.00" (narrow symbols, so zh and en read the same). */
export function formatMoney(money: TMoney, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(money.amount / 100);
}

/** Dates are formatted in one module (decision 0061); re-exported for the staff screens that import them here. */
export { formatDate, formatDateTime } from '../clock/clock-format.ts';

/** A status the client does not know shows as the undefined fallback, never as raw text. */
export function orderStatusOf(status: string): OrderStatus | typeof ORDER_STATUS_UNDEFINED {
  return (ORDER_STATUSES as readonly string[]).includes(status)
    ? (status as OrderStatus)
    : ORDER_STATUS_UNDEFINED;
}

export const ORDER_STATUS_COLOR: Record<OrderStatus | typeof ORDER_STATUS_UNDEFINED, string> = {
  unpaid: 'gold',
  processing: 'blue',
  partly_paid: 'orange',
  paid: 'green',
  failed: 'red',
  cancelled: 'default',
  refunded: 'purple',
  undefined: 'default',
};

export function isProjectCode(value: unknown): value is ProjectCode {
  return typeof value === 'string' && (PROJECT_CODES as readonly string[]).includes(value);
}

export function isServiceCode(value: unknown): value is ServiceCode {
  return typeof value === 'string' && (SERVICE_CODES as readonly string[]).includes(value);
}

/** A promo code as the quote takes it: letters and digits only (anything else in a link is ignored). */
const PROMO_IN_LINK = /^[A-Z0-9]{1,32}$/;

/**
 * /payService?project=USA_NIW&service=TRANSLATION&promo=WELCOME50: unknown values are ignored. The promo code
 * (from the promotion page) is applied to the quote; the server decides whether it may be used.
 */
export function readShopDeepLink(search: string): {
  project?: ProjectCode;
  service?: ServiceCode;
  promo?: string;
} {
  const params = new URLSearchParams(search);
  const project = params.get('project')?.toUpperCase();
  const service = params.get('service')?.toUpperCase();
  const promo = params.get('promo')?.trim().toUpperCase();
  return {
    ...(isProjectCode(project) ? { project } : {}),
    ...(isServiceCode(service) ? { service } : {}),
    ...(promo && PROMO_IN_LINK.test(promo) ? { promo } : {}),
  };
}

export function shopLink(project?: ProjectCode, service?: ServiceCode, promo?: string): string {
  const params = new URLSearchParams();
  if (project) params.set('project', project);
  if (service) params.set('service', service);
  if (promo) params.set('promo', promo);
  const query = params.toString();
  return `/payService${query ? `?${query}` : ''}`;
}

/** Only same-site paths are followed inside the app; anything else is a full navigation. */
export function isInAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
