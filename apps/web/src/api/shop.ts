import type { PaymentMethod, ProjectCode, TCreateOrderRequest, TQuoteRequest } from '@dossier/contract';
import {
  PROMO_FIELD_ERRORS,
  ZAreaProjects,
  ZBoughtProjectServices,
  ZFeeScheduleView,
  ZMyRights,
  ZOrder,
  ZOrderActionResponse,
  ZOrderPage,
  ZPayResponse,
  ZPlanPage,
  ZProductList,
  ZPromotionList,
  ZQuote,
  ZSandboxCompleteResponse,
  ZSandboxSession,
  ZWorkbenchAccess,
} from '@dossier/contract';
import { api } from './client.ts';

/**
 * The shop calls (spec §7 Products, plans and projects; §2 Shop / Personal centre), typed by the contract.
 * Every refusal is shown by the client with the server's msg and thrown as an ApiError.
 */

export const shopApi = {
  areaProjects: (signal?: AbortSignal) =>
    api.get('/customer/project/area_projects/', { signal, schema: ZAreaProjects }),
  products: (projectCode: ProjectCode, signal?: AbortSignal) =>
    api.get('/customer/product/', { signal, query: { project_code: projectCode }, schema: ZProductList }),
  /** The government fee table in force: shipped amounts and those staff added (the promotion page). */
  feeSchedule: (signal?: AbortSignal) =>
    api.get('/customer/project/fee_schedule/', { signal, schema: ZFeeScheduleView }),
  /** The promo codes on offer now (the promotion page). */
  promotions: (signal?: AbortSignal) => api.get('/customer/promotion/', { signal, schema: ZPromotionList }),
  /** With a promo code its refusal is shown under the code's input (quote-panel.tsx), not toasted. */
  quote: (body: TQuoteRequest, signal?: AbortSignal) =>
    api.post('/customer/order/quote/', body, {
      signal,
      schema: ZQuote,
      inlineCodes: body.promo_code ? Object.keys(PROMO_FIELD_ERRORS) : undefined,
    }),
  createOrder: (body: TCreateOrderRequest) => api.post('/customer/order/', body, { schema: ZOrder }),
  orders: (query: { page: number; size: number }, signal?: AbortSignal) =>
    api.get('/customer/order/', { signal, query, schema: ZOrderPage }),
  order: (id: number, signal?: AbortSignal) => api.get(`/customer/order/${id}/`, { signal, schema: ZOrder }),
  pay: (id: number, method: PaymentMethod) =>
    api.post(`/customer/order/${id}/pay/`, { method }, { schema: ZPayResponse }),
  transferCompleted: (id: number) =>
    api.post(`/customer/order/${id}/transfer_completed/`, {}, { schema: ZOrderActionResponse }),
  cancel: (id: number) => api.post(`/customer/order/${id}/cancel/`, {}, { schema: ZOrderActionResponse }),

  sandboxSession: (token: string, signal?: AbortSignal) =>
    api.get(`/payment/sandbox/session/${encodeURIComponent(token)}/`, { signal, schema: ZSandboxSession }),
  sandboxComplete: (token: string, outcome: 'paid' | 'failed') =>
    api.post(
      `/payment/sandbox/session/${encodeURIComponent(token)}/complete/`,
      { outcome },
      { schema: ZSandboxCompleteResponse },
    ),

  myRights: (signal?: AbortSignal) => api.get('/customer/customer/my_rights/', { signal, schema: ZMyRights }),
  boughtProjectServices: (signal?: AbortSignal) =>
    api.get('/customer/customer/my_bought_project_services/', { signal, schema: ZBoughtProjectServices }),
  plans: (projectCode?: ProjectCode, signal?: AbortSignal) =>
    api.get('/customer/plan/', { signal, query: { project_code: projectCode }, schema: ZPlanPage }),
  workbenchAccess: (projectCode: ProjectCode, signal?: AbortSignal) =>
    api.get('/customer/workbench/access/', {
      signal,
      query: { project_code: projectCode },
      schema: ZWorkbenchAccess,
    }),
};
