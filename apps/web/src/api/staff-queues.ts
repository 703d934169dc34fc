import type { AdviceStatus, KeywordReviewStatus, LeadStatus } from '@dossier/contract';
import {
  QueueErrorCode,
  ZEditionMapping,
  ZEditionTestFill,
  ZFormEdition,
  ZStaffAdvice,
  ZStaffAdvicePage,
  ZStaffAppointment,
  ZStaffAppointmentPage,
  ZStaffAssessment,
  ZStaffAssessmentPage,
  ZStaffFeeRows,
  ZStaffHotKeywords,
  ZStaffQa,
  ZStaffQaCategory,
  ZStaffQaPage,
  ZStaffStaticFiles,
  ZStaticFile,
} from '@dossier/contract';
import { z } from 'zod';
import { api } from './client.ts';
import { staffToken } from './staff.ts';

/**
 * The console's work-queue and content calls (issue 16 items 8 and 9; decision 0035), with the staff session's
 * `stf_…` token (api/staff.ts).
 */
const INLINE = [...Object.values(QueueErrorCode), 'validation_error', 'validation'];
const opts = () => ({ bearer: staffToken.get(), inlineCodes: INLINE });

export type LeadKind = 'appointment' | 'assessment';
type Page = { page: number; size: number };

export const queuesApi = {
  appointments: (query: Page & { status?: LeadStatus }, signal?: AbortSignal) =>
    api.get('/staff/appointment/', { ...opts(), signal, query, schema: ZStaffAppointmentPage }),
  assessments: (query: Page & { status?: LeadStatus }, signal?: AbortSignal) =>
    api.get('/staff/assessment/', { ...opts(), signal, query, schema: ZStaffAssessmentPage }),
  appointment: (id: number, signal?: AbortSignal) =>
    api.get(`/staff/appointment/${id}/`, { ...opts(), signal, schema: ZStaffAppointment }),
  assessment: (id: number, signal?: AbortSignal) =>
    api.get(`/staff/assessment/${id}/`, { ...opts(), signal, schema: ZStaffAssessment }),
  claim: (kind: LeadKind, id: number) => api.post(`/staff/${kind}/${id}/claim/`, {}, opts()),
  move: (kind: LeadKind, id: number, status: LeadStatus) =>
    api.post(`/staff/${kind}/${id}/status/`, { status }, opts()),
  noteLead: (kind: LeadKind, id: number, body: string) =>
    api.post(`/staff/${kind}/${id}/note/`, { body }, opts()),

  qaList: (
    query: Page & { state: 'unanswered' | 'answered' | 'published' | 'all'; category_id?: number },
    signal?: AbortSignal,
  ) => api.get('/staff/qa/', { ...opts(), signal, query, schema: ZStaffQaPage }),
  answer: (
    id: number,
    body: {
      category_id?: number | null;
      question_zh: string;
      question_en: string;
      answer_zh: string;
      answer_en: string;
    },
  ) => api.put(`/staff/qa/${id}/`, body, { ...opts(), schema: ZStaffQa }),
  publish: (id: number, published: boolean) =>
    api.post(`/staff/qa/${id}/publish/`, { published }, { ...opts(), schema: ZStaffQa }),
  categories: (signal?: AbortSignal) =>
    api.get('/staff/qa_category/', { ...opts(), signal, schema: z.array(ZStaffQaCategory) }),
  createCategory: (body: { name_zh: string; name_en: string; position: number }) =>
    api.post('/staff/qa_category/', body, { ...opts(), schema: ZStaffQaCategory }),
  updateCategory: (id: number, body: { name_zh: string; name_en: string; position: number }) =>
    api.put(`/staff/qa_category/${id}/`, body, { ...opts(), schema: ZStaffQaCategory }),
  deleteCategory: (id: number) => api.delete(`/staff/qa_category/${id}/`, opts()),
  hotKeywords: (status: KeywordReviewStatus | undefined, signal?: AbortSignal) =>
    api.get('/staff/qa/hot_keywords/', { ...opts(), signal, query: { status }, schema: ZStaffHotKeywords }),
  reviewKeyword: (keyword: string, status: KeywordReviewStatus) =>
    api.post('/staff/qa/hot_keywords/', { keyword, status }, { ...opts(), schema: ZStaffHotKeywords }),

  advice: (query: Page & { status?: AdviceStatus }, signal?: AbortSignal) =>
    api.get('/staff/advice/', { ...opts(), signal, query, schema: ZStaffAdvicePage }),
  adviceItem: (id: number, signal?: AbortSignal) =>
    api.get(`/staff/advice/${id}/`, { ...opts(), signal, schema: ZStaffAdvice }),
  adviceStatus: (id: number, status: AdviceStatus) =>
    api.post(`/staff/advice/${id}/status/`, { status }, { ...opts(), schema: ZStaffAdvice }),
  noteAdvice: (id: number, body: string) =>
    api.post(`/staff/advice/${id}/note/`, { body }, { ...opts(), schema: ZStaffAdvice }),

  staticFiles: (signal?: AbortSignal) =>
    api.get('/staff/static_file/', { ...opts(), signal, schema: ZStaffStaticFiles }),
  putStaticFile: (key: string, file: File, names: { name_zh?: string; name_en?: string }) =>
    api.put(`/staff/static_file/${encodeURIComponent(key)}/`, file, {
      ...opts(),
      query: names,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      schema: ZStaticFile,
    }),
  editions: (signal?: AbortSignal) =>
    api.get('/staff/form_edition/', { ...opts(), signal, schema: z.array(ZFormEdition) }),
  putBlank: (form_number: string, edition: string, file: File) =>
    api.put('/staff/form_edition/blank/', file, {
      ...opts(),
      query: { form_number, edition },
      headers: { 'Content-Type': 'application/pdf' },
    }),
  editionMapping: (form_number: string, edition: string, signal?: AbortSignal) =>
    api.get('/staff/form_edition/mapping/', {
      ...opts(),
      signal,
      query: { form_number, edition },
      schema: ZEditionMapping,
    }),
  saveEditionMapping: (
    form_number: string,
    edition: string,
    items: Array<{ item: string; fields: Array<string | null> }>,
  ) =>
    api.put(
      '/staff/form_edition/mapping/',
      { items },
      { ...opts(), query: { form_number, edition }, schema: ZEditionMapping },
    ),
  testFill: (form_number: string, edition: string) =>
    api.post('/staff/form_edition/test_fill/', undefined, {
      ...opts(),
      query: { form_number, edition },
      schema: ZEditionTestFill,
    }),
  publishEdition: (form_number: string, edition: string, effective_from: string) =>
    api.post(
      '/staff/form_edition/publish/',
      { effective_from },
      { ...opts(), query: { form_number, edition }, schema: ZEditionMapping },
    ),
  withdrawEdition: (form_number: string, edition: string) =>
    api.delete('/staff/form_edition/publish/', {
      ...opts(),
      query: { form_number, edition },
      schema: ZEditionMapping,
    }),
  fees: (signal?: AbortSignal) => api.get('/staff/fee/', { ...opts(), signal, schema: ZStaffFeeRows }),
  addFee: (body: { key: string; from: string; cents: number }) =>
    api.post('/staff/fee/', body, { ...opts(), schema: ZStaffFeeRows }),
};

export const queueKeys = {
  all: ['staff', 'queues'] as const,
  list: (what: string, q: object) => ['staff', 'queues', what, q] as const,
  item: (what: string, id: number) => ['staff', 'queues', what, 'item', id] as const,
  content: (what: string) => ['staff', 'queues', 'content', what] as const,
};
