import {
  ErrorCode,
  FinanceErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  ShopErrorCode,
  StaffErrorCode,
  type TStaffOrderQuery,
  ZExchangeRate,
  ZExchangeRates,
  ZOrder,
  ZPaymentFlagPage,
  ZResolvedPaymentFlag,
  ZStaffOrder,
  ZStaffOrderPage,
  ZStaffProduct,
  ZStaffProductList,
  ZStaffPromoCode,
  ZStaffPromoCodePage,
} from '@dossier/contract';
import { api } from './client.ts';
import { newIdempotencyKey } from './contact.ts';
import { staffToken } from './staff.ts';

/**
 * The finance screens' calls (decision 0034): transfers, flags, orders and refunds, catalogue, exchange rate,
 * promo codes. Refusals are shown inline in the dialog or form that made them.
 */
const INLINE = [
  ...Object.values(FinanceErrorCode),
  ...Object.values(ShopErrorCode),
  ...Object.values(StaffErrorCode),
  ErrorCode.idempotencyKeyReused,
  'validation_error',
];
const opts = () => ({ bearer: staffToken.get(), inlineCodes: INLINE });
/** One key per intended action (a click); a retry of the same action sends it again. */
const keyed = (key: string) => ({ ...opts(), headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

export { newIdempotencyKey };

type OrderQuery = Partial<Omit<TStaffOrderQuery, 'page' | 'size'>> & { page: number; size: number };

export const financeApi = {
  orders: (query: OrderQuery, signal?: AbortSignal) =>
    api.get('/staff/order/', { ...opts(), signal, query, schema: ZStaffOrderPage }),
  order: (id: number, signal?: AbortSignal) =>
    api.get(`/staff/order/${id}/`, { ...opts(), signal, schema: ZStaffOrder }),
  refund: (id: number, body: { reason: string; amount?: number; reference?: string }, key: string) =>
    api.post(`/staff/order/${id}/refund/`, body, { ...keyed(key), schema: ZStaffOrder }),
  confirmTransfer: (id: number, body: { received_cny?: number; note?: string }, key: string) =>
    api.post(`/staff/order/${id}/confirm_transfer/`, body, { ...keyed(key), schema: ZOrder }),
  rejectTransfer: (id: number, reason: string) =>
    api.post(`/staff/order/${id}/reject_transfer/`, { reason }, { ...opts(), schema: ZOrder }),
  flags: (query: { page: number; size: number; open: 'true' | 'false' }, signal?: AbortSignal) =>
    api.get('/staff/payment_flag/', { ...opts(), signal, query, schema: ZPaymentFlagPage }),
  resolveFlag: (id: number, note: string) =>
    api.post(`/staff/payment_flag/${id}/resolve/`, { note }, { ...opts(), schema: ZResolvedPaymentFlag }),
  products: (signal?: AbortSignal) =>
    api.get('/staff/product/', { ...opts(), signal, schema: ZStaffProductList }),
  patchProduct: (id: number, body: { price_minor?: number; active?: boolean }) =>
    api.patch(`/staff/product/${id}/`, body, { ...opts(), schema: ZStaffProduct }),
  rates: (signal?: AbortSignal) =>
    api.get('/staff/exchange_rate/', { ...opts(), signal, schema: ZExchangeRates }),
  addRate: (rate: string) =>
    api.post('/staff/exchange_rate/', { rate }, { ...opts(), schema: ZExchangeRate }),
  promos: (query: { page: number; size: number }, signal?: AbortSignal) =>
    api.get('/staff/promo_code/', { ...opts(), signal, query, schema: ZStaffPromoCodePage }),
  addPromo: (body: { code: string; kind: 'percent' | 'amount'; value: number }) =>
    api.post('/staff/promo_code/', body, { ...opts(), schema: ZStaffPromoCode }),
  disablePromo: (id: number) =>
    api.post(`/staff/promo_code/${id}/disable/`, {}, { ...opts(), schema: ZStaffPromoCode }),
};

export const financeKeys = {
  all: ['staff', 'finance'] as const,
  orders: (q: object) => ['staff', 'finance', 'orders', q] as const,
  flags: (q: object) => ['staff', 'finance', 'flags', q] as const,
  products: ['staff', 'finance', 'products'] as const,
  rates: ['staff', 'finance', 'rates'] as const,
  promos: (q: object) => ['staff', 'finance', 'promos', q] as const,
};
