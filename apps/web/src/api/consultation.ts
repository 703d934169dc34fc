import type {
  ConsultationOutcome,
  ConsultationStatus,
  ProjectCode,
  TConsultationBookRequest,
} from '@dossier/contract';
import {
  AccountErrorCode,
  ConsultationErrorCode,
  ZConsultation,
  ZConsultationList,
  ZStaffConsultation,
  ZStaffConsultationPage,
} from '@dossier/contract';
import { api } from './client.ts';
import { staffToken } from './staff.ts';

/** The refusals the consultation dialogs show inline (not toasted), with the server's localised msg. */
const INLINE = [
  ...Object.values(ConsultationErrorCode),
  AccountErrorCode.timezoneUnknown,
  'purchase_before_use',
  'entitlement_expired',
  'validation',
];

/** Consultations as the customer sees them (decision 0033): a consultation's id is its my_rights row's id. */
export const consultationApi = {
  list: (projectCode?: ProjectCode, signal?: AbortSignal) =>
    api.get('/customer/consultation/', {
      signal,
      query: { project_code: projectCode },
      schema: ZConsultationList,
    }),
  book: (id: number, body: TConsultationBookRequest) =>
    api.patch(`/customer/consultation/${id}/book/`, body, { schema: ZConsultation, inlineCodes: INLINE }),
  cancel: (id: number) =>
    api.patch(`/customer/consultation/${id}/cancel/`, {}, { schema: ZConsultation, inlineCodes: INLINE }),
};

export const consultationKeys = {
  all: ['consultation'] as const,
  list: (project?: ProjectCode) => ['consultation', 'list', project ?? 'all'] as const,
};

const staffOpts = () => ({
  bearer: staffToken.get(),
  inlineCodes: [...INLINE, 'staff_forbidden', 'not_found'],
});

/** The staff console's consultation queue (roles consultant and admin). */
export const staffConsultationApi = {
  queue: (query: { page: number; size: number; status?: ConsultationStatus }, signal?: AbortSignal) =>
    api.get('/staff/consultation/', { ...staffOpts(), signal, query, schema: ZStaffConsultationPage }),
  claim: (id: number) =>
    api.post(`/staff/consultation/${id}/claim/`, {}, { ...staffOpts(), schema: ZStaffConsultation }),
  attempt: (id: number, body: { outcome: ConsultationOutcome; note?: string }) =>
    api.post(`/staff/consultation/${id}/attempt/`, body, { ...staffOpts(), schema: ZStaffConsultation }),
};

export const staffConsultationKeys = {
  all: ['staff', 'consultation'] as const,
  queue: (q: object) => ['staff', 'consultation', 'queue', q] as const,
};
