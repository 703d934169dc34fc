import {
  type TAssistantDraft,
  type TAssistantState,
  type TAssistantTarget,
  ZAssistantDecisionReply,
  ZAssistantDraft,
  ZAssistantState,
} from '@dossier/contract';
import type { z } from 'zod';
import { api } from '../../../api/client.ts';

/** The writing assistant (issue 33; contract packages/contract/src/assistant.ts, routes at its top). */
const base = (caseId: number) => `/customer/case/${caseId}/assistant/`;
const draftPath = (caseId: number, draftId: number) => `${base(caseId)}drafts/${draftId}/`;

/**
 * Refusals the assistant's screens show where the customer is looking (the panel or the drawer), not as a toast:
 * off, consent, quota, budget, a stale paragraph, a draft not ready, another draft running, and a document saved
 * elsewhere meanwhile.
 */
export const ASSISTANT_INLINE_CODES = [
  'assistant_off',
  'assistant_consent_required',
  'assistant_consent_changed',
  'assistant_quota_exceeded',
  'assistant_budget_exhausted',
  'assistant_paragraph_stale',
  'assistant_draft_not_ready',
  'assistant_draft_running',
  'assistant_paragraph_decided',
  'assistant_target_invalid',
  'assistant_version_required',
  'version_conflict',
];
const inline = { inlineCodes: ASSISTANT_INLINE_CODES };

export type TAssistantDecisionReply = z.infer<typeof ZAssistantDecisionReply>;

export const assistantApi = {
  state: (caseId: number, signal?: AbortSignal): Promise<TAssistantState> =>
    api.get(base(caseId), { signal, schema: ZAssistantState }),
  consent: (caseId: number, provider: string, model: string): Promise<TAssistantState> =>
    api.put(`${base(caseId)}consent/`, { provider, model }, { ...inline, schema: ZAssistantState }),
  withdraw: (caseId: number): Promise<TAssistantState> =>
    api.delete(`${base(caseId)}consent/`, { schema: ZAssistantState }),
  start: (caseId: number, target: TAssistantTarget, instruction?: string): Promise<TAssistantDraft> =>
    api.post(
      `${base(caseId)}drafts/`,
      { target, ...(instruction ? { instruction } : {}) },
      { ...inline, schema: ZAssistantDraft },
    ),
  draft: (caseId: number, draftId: number, signal?: AbortSignal): Promise<TAssistantDraft> =>
    api.get(draftPath(caseId, draftId), { signal, schema: ZAssistantDraft }),
  cancel: (caseId: number, draftId: number): Promise<TAssistantDraft> =>
    api.post(`${draftPath(caseId, draftId)}cancel/`, undefined, { schema: ZAssistantDraft }),
  decide: (
    caseId: number,
    draftId: number,
    index: number,
    body: { decision: 'accepted' | 'rejected'; document_version?: number },
  ): Promise<TAssistantDecisionReply> =>
    api.put(`${draftPath(caseId, draftId)}paragraphs/${index}/`, body, {
      ...inline,
      schema: ZAssistantDecisionReply,
    }),
};

export const assistantKeys = {
  state: (caseId: number) => ['workbench', 'assistant', caseId] as const,
  draft: (caseId: number, draftId: number) => ['workbench', 'assistant', caseId, 'draft', draftId] as const,
};
