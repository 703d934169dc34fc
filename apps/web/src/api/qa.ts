import type { TAdviceRequest, TAskQuestionRequest } from '@dossier/contract';
import {
  ADVICE_FIELD_ERRORS,
  inlineCodesOf,
  QUESTION_FIELD_ERRORS,
  ZAdviceResponse,
  ZAskQuestionResponse,
  ZHotKeywords,
  ZQa,
  ZQaCategory,
  ZQaPage,
} from '@dossier/contract';
import { api } from './client.ts';

/** The Q&A zone calls (spec §7 Q&A and suggestions); answers come in the current language. */

const ZQaCategories = { parse: (data: unknown) => ZQaCategory.array().parse(data) };

export interface QaListQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  categoryId?: number | undefined;
}

export const qaApi = {
  categories: (signal?: AbortSignal) => api.get('/customer/qa_category/', { signal, schema: ZQaCategories }),
  list: ({ page, size, keyword, categoryId }: QaListQuery, signal?: AbortSignal) =>
    api.get('/customer/qa/', {
      signal,
      query: { page, size, keyword: keyword || undefined, category_id: categoryId },
      schema: ZQaPage,
    }),
  detail: (id: number, signal?: AbortSignal) => api.get(`/customer/qa/${id}/`, { signal, schema: ZQa }),
  hotKeywords: (signal?: AbortSignal) =>
    api.get('/customer/qa/hot_keywords/', { signal, schema: ZHotKeywords }),
  // Refusals are shown under the dialog's field (decision 0017).
  ask: (body: TAskQuestionRequest) =>
    api.post('/customer/qa/', body, {
      schema: ZAskQuestionResponse,
      inlineCodes: inlineCodesOf(QUESTION_FIELD_ERRORS),
    }),
  advise: (body: TAdviceRequest) =>
    api.post('/customer/advice/', body, {
      schema: ZAdviceResponse,
      inlineCodes: inlineCodesOf(ADVICE_FIELD_ERRORS),
    }),
};
