import type { TCustomer } from '@dossier/contract';
import {
  CAPTCHA_FIELD_ERRORS,
  CHANGE_PHONE_FIELD_ERRORS,
  EMAIL_FIELD_ERRORS,
  inlineCodesOf,
  LOGIN_FIELD_ERRORS,
  ZCaptchaResponse,
  ZCount,
  ZCustomer,
  ZCustomerEditResponse,
  ZDeleteAccountResponse,
  ZLoginRegisterResponse,
  ZNotificationPage,
  ZSendSmsCodeResponse,
} from '@dossier/contract';
import { api, session } from './client.ts';

/**
 * The accounts calls (spec §7 Authentication, Customer, Notifications), typed by the contract. Login and log out
 * live here because they start and end the session: no screen handles a token.
 */

type PhoneTarget = { area_code: string; phone: string };
/** The answer to a captcha challenge (its id comes with the image). */
export type CaptchaAnswer = { captcha_id: string; captcha: string };
/** A code and the ticket of the send that delivered it: the server tries the code only with its ticket. */
export type SmsProof = { sms_code: string; sms_ticket: string };
export type LoginAnswer = ReturnType<typeof ZLoginRegisterResponse.parse>;

export const authApi = {
  getCaptcha: (body: PhoneTarget) =>
    api.post('/auth/customer/get_captcha/', body, { schema: ZCaptchaResponse }),
  // Each call's field errors are shown on the screen's form (the contract's tables, decision 0017).
  sendLoginCode: (body: PhoneTarget & CaptchaAnswer) =>
    api.post('/auth/customer/send_sms_code/', body, {
      schema: ZSendSmsCodeResponse,
      inlineCodes: Object.keys(CAPTCHA_FIELD_ERRORS),
    }),

  /** Logs in (registering a new phone) and starts the session. */
  async login(body: PhoneTarget & SmsProof): Promise<LoginAnswer> {
    const answer = await api.post('/auth/customer/login_register/', { ...body, agreement: true } as const, {
      schema: ZLoginRegisterResponse,
      inlineCodes: inlineCodesOf(LOGIN_FIELD_ERRORS),
    });
    const { customer, restored: _restored, ...tokens } = answer;
    session.start(tokens, customer);
    return answer;
  },

  /**
   * Revokes the refresh token, then ends the session on this device whatever the answer: a user who logs out
   * must be logged out even offline.
   */
  async logout(): Promise<void> {
    const refreshToken = session.snapshot().session?.refresh_token;
    try {
      if (refreshToken) await api.post('/auth/customer/logout/', { refresh_token: refreshToken });
    } catch {
      // Already shown by the client; the device forgets the session anyway.
    } finally {
      session.end('logout');
    }
  },
};

export const customerApi = {
  info: (signal?: AbortSignal) => api.get('/customer/customer/info/', { signal, schema: ZCustomer }),
  sendNewPhoneCode: (body: PhoneTarget & CaptchaAnswer) =>
    api.post('/customer/customer/send_sms_code/', body, {
      schema: ZSendSmsCodeResponse,
      inlineCodes: Object.keys(CAPTCHA_FIELD_ERRORS),
    }),
  /** The new phone (area code and number) logs in from now on; the server ends every other session. */
  async changePhone(body: PhoneTarget & SmsProof): Promise<TCustomer | undefined> {
    const answer = await api.post('/customer/customer/change_phone_number/', body, {
      inlineCodes: inlineCodesOf(CHANGE_PHONE_FIELD_ERRORS),
    });
    const parsed = ZCustomer.safeParse(answer);
    const customer = parsed.success ? parsed.data : undefined;
    session.updatePhone(customer ?? body);
    return customer;
  },
  edit: (body: { email?: string | null; email_code?: string; timezone?: string }) =>
    api.patch('/customer/customer/edit/', body, {
      schema: ZCustomerEditResponse,
      inlineCodes: body.email ? inlineCodesOf(EMAIL_FIELD_ERRORS) : undefined,
    }),
  /** Schedules the deletion; the server ends every session at once, so the screen logs out right after. */
  deleteAccount: () => api.delete('/customer/customer/delete_account/', { schema: ZDeleteAccountResponse }),
};

export interface NotificationQuery {
  page: number;
  size: number;
  unreadOnly: boolean;
}

export const notificationApi = {
  list: ({ page, size, unreadOnly }: NotificationQuery, signal?: AbortSignal) =>
    api.get('/customer/notification/', {
      signal,
      query: { page, size, is_read: unreadOnly ? 'false' : undefined },
      schema: ZNotificationPage,
    }),
  unreadCount: (signal?: AbortSignal) =>
    api.get('/customer/notification/not_read_count/', { signal, schema: ZCount }),
  markRead: (id: number) => api.patch(`/customer/notification/${id}/`, { is_read: true }),
  remove: (id: number) => api.delete(`/customer/notification/${id}/`),
  removeMany: (ids: number[]) => api.post('/customer/notification/delete_by_ids/', { ids }),
};
