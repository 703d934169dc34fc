import type {
  CaseStage,
  Eta9089SignedKind,
  ProjectCode,
  TCasePreferences,
  TCaseSettingsRequest,
  TFormValues,
  TSaveImmigrationDataRequest,
} from '@dossier/contract';
import {
  DocumentErrorCode,
  WorkbenchErrorCode,
  ZCasePreferences,
  ZCaseSummary,
  ZEta9089Page,
  ZImmigrationData,
  ZProfile,
  ZSaveImmigrationDataResponse,
  ZSubmitStageResponse,
} from '@dossier/contract';
import { API_BASE, api, download } from './client.ts';

/**
 * The workbench calls (issue 11: the case, its official forms, the profile and the ETA-9089 page), typed by
 * the contract. Every call goes through the server's entitlement gate: reads pass after expiry, writes do not.
 */

/** The server names downloads with their full path (`/api/customer/…`); the client adds `/api` itself. */
export function clientPath(url: string): string {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
}

/** Refusals the form screens show themselves: issues on their fields, the version-conflict dialog. */
const FORM_INLINE_CODES = [
  WorkbenchErrorCode.formIncomplete,
  WorkbenchErrorCode.formInvalid,
  WorkbenchErrorCode.versionConflict,
];

export const caseApi = {
  /** Creates the case (and the rows of its forms) on the first call. */
  open: (project: ProjectCode, signal?: AbortSignal) =>
    api.get('/customer/case/', { signal, query: { project_code: project }, schema: ZCaseSummary }),
  settings: (id: number, body: TCaseSettingsRequest) =>
    api.patch(`/customer/case/${id}/settings/`, body, { schema: ZCaseSummary }),
  preferences: (id: number, body: TCasePreferences) =>
    api.patch(`/customer/case/${id}/preferences/`, body, { schema: ZCasePreferences }),
  /** The petition letter without a service order (both review and translation held) asks for it first. */
  submitStage: (id: number, stage: CaseStage) =>
    api.post(
      `/customer/case/${id}/submit_stage/`,
      { stage },
      { schema: ZSubmitStageResponse, inlineCodes: [DocumentErrorCode.serviceChoiceRequired] },
    ),
  profile: (id: number, signal?: AbortSignal) =>
    api.get(`/customer/case/${id}/profile/`, { signal, schema: ZProfile }),
  saveProfile: (id: number, body: { version: number; values: TFormValues }) =>
    api.patch(`/customer/case/${id}/profile/`, body, { schema: ZProfile, inlineCodes: FORM_INLINE_CODES }),
  eta9089: (id: number, signal?: AbortSignal) =>
    api.get(`/customer/case/${id}/eta9089/`, { signal, schema: ZEta9089Page }),
  /** Attaches an upload as the signed form or the Final Determination (decision 0060); answers the page. */
  eta9089Sign: (id: number, kind: Eta9089SignedKind, uploadId: number) =>
    api.put(
      `/customer/case/${id}/eta9089/signed/${kind}/`,
      { upload_id: uploadId },
      { schema: ZEta9089Page },
    ),
  eta9089Unsign: (id: number, kind: Eta9089SignedKind) =>
    api.delete(`/customer/case/${id}/eta9089/signed/${kind}/`, { schema: ZEta9089Page }),
};

export const formsApi = {
  get: (id: number, signal?: AbortSignal) =>
    api.get(`/customer/immigration_data/${id}/`, { signal, schema: ZImmigrationData }),
  /** A draft (autosave) or a complete save ("Finish and Submit"). */
  save: (id: number, body: TSaveImmigrationDataRequest) =>
    api.patch(`/customer/immigration_data/${id}/`, body, {
      schema: ZSaveImmigrationDataResponse,
      inlineCodes: FORM_INLINE_CODES,
    }),
  /** The filled official PDF (`pdf.url` or a payment's `pdf_url`); a refusal shows the server's message. */
  pdf: (url: string) => download(clientPath(url)),
};
