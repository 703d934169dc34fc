import type { TaskService, TaskStatus } from '@dossier/contract';
import {
  StaffErrorCode,
  TaskErrorCode,
  ZStaffMe,
  ZStaffSession,
  ZStaffTask,
  ZStaffTaskFile,
  ZStaffTaskPage,
  ZStaffTotpEnrolment,
  ZTaskZipUrl,
} from '@dossier/contract';
import { api, download } from './client.ts';

/**
 * The staff console's calls (decision 0020 sign-in, 0031 tasks, 0032 screens). The staff session is its own
 * opaque `stf_…` bearer token, kept in this tab's sessionStorage and never mixed with the customer session.
 */
const TOKEN_KEY = 'dossier.staff.token';

export const staffToken = {
  get(): string | null {
    try {
      return window.sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string | null): void {
    try {
      if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
      else window.sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // A browser without storage keeps the session for this page only.
    }
  },
};

/** Refusals the console shows inline under its forms (not toasted). */
const INLINE = [...Object.values(StaffErrorCode), ...Object.values(TaskErrorCode), 'validation_error'];
const opts = () => ({ bearer: staffToken.get(), inlineCodes: INLINE });

export const staffApi = {
  login: (username: string, password: string) =>
    api.post(
      '/staff/auth/login/',
      { username, password },
      { ...opts(), bearer: null, schema: ZStaffSession },
    ),
  verifyTotp: (code: string) =>
    api.post('/staff/auth/totp/verify/', { code }, { ...opts(), schema: ZStaffMe }),
  enrolTotp: () => api.post('/staff/auth/totp/enrol/', {}, { ...opts(), schema: ZStaffTotpEnrolment }),
  confirmTotp: (code: string) =>
    api.post('/staff/auth/totp/confirm/', { code }, { ...opts(), schema: ZStaffMe }),
  changePassword: (current_password: string, new_password: string) =>
    api.post('/staff/auth/password/', { current_password, new_password }, { ...opts(), schema: ZStaffMe }),
  me: (signal?: AbortSignal) => api.get('/staff/me/', { ...opts(), signal, schema: ZStaffMe }),
  logout: () => api.post('/staff/auth/logout/', undefined, opts()),

  queue: (
    query: { page: number; size: number; service?: TaskService; status?: TaskStatus },
    signal?: AbortSignal,
  ) => api.get('/staff/task/', { ...opts(), signal, query, schema: ZStaffTaskPage }),
  task: (id: number, signal?: AbortSignal) =>
    api.get(`/staff/task/${id}/`, { ...opts(), signal, schema: ZStaffTask }),
  claim: (id: number) => api.post(`/staff/task/${id}/claim/`, {}, { ...opts(), schema: ZStaffTask }),
  /** Admin: takes a claimed task back from its holder (audited with the reason). */
  release: (id: number, reason: string) =>
    api.post(`/staff/task/${id}/release/`, { reason }, { ...opts(), schema: ZStaffTask }),
  zipUrl: (id: number) => api.get(`/staff/task/${id}/get_zip_file_url/`, { ...opts(), schema: ZTaskZipUrl }),
  /** A review task's case: the readiness report PDF in the staff member's language (issue 31 item 7). */
  reviewReport: (id: number) => download(`/staff/task/${id}/review_report.pdf`, opts()),
  /** A result PDF, stored as an upload of the customer's case; answers its upload id. */
  file: (id: number, file: File) =>
    api.put(`/staff/task/${id}/file/`, file, {
      ...opts(),
      query: { name: file.name.slice(0, 200) },
      headers: { 'Content-Type': 'application/pdf' },
      schema: ZStaffTaskFile,
    }),
  result: (
    id: number,
    body: { comments?: string; upload_id?: number; translations?: { key: string; upload_id: number }[] },
  ) => api.post(`/staff/task/${id}/result/`, body, { ...opts(), schema: ZStaffTask }),
};

export const staffKeys = {
  all: ['staff'] as const,
  me: (token: string | null) => ['staff', 'me', token] as const,
  queue: (q: object) => ['staff', 'queue', q] as const,
  task: (id: number) => ['staff', 'task', id] as const,
};
