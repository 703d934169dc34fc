import {
  type TFiling,
  type TFindingExhibitsRequest,
  type TFindingRequest,
  type TRfe,
  type TRfeList,
  type TRfePacket,
  type TRfeReply,
  type TRfeRequest,
  type TRfeUpdateRequest,
  ZFiling,
  ZRfe,
  ZRfeList,
  ZRfePacket,
  ZRfeReply,
} from '@dossier/contract';
import { z } from 'zod';
import { api, download } from '../../../api/client.ts';

/** The RFE workspace (issue 32 item 4; contract packages/contract/src/rfe.ts). */
const base = (caseId: number) => `/customer/case/${caseId}/rfe/`;
const one = (caseId: number, rfeId: number) => `${base(caseId)}${rfeId}/`;
const finding = (caseId: number, rfeId: number, findingId: number) =>
  `${one(caseId, rfeId)}finding/${findingId}/`;
const ZMsg = z.object({ msg: z.string() });

export const rfeApi = {
  list: (caseId: number, signal?: AbortSignal): Promise<TRfeList> =>
    api.get(base(caseId), { signal, schema: ZRfeList }),
  get: (caseId: number, rfeId: number, signal?: AbortSignal): Promise<TRfe> =>
    api.get(one(caseId, rfeId), { signal, schema: ZRfe }),
  add: (caseId: number, body: TRfeRequest): Promise<TRfeReply> =>
    api.post(base(caseId), body, { schema: ZRfeReply }),
  edit: (caseId: number, rfeId: number, body: TRfeUpdateRequest): Promise<TRfeReply> =>
    api.put(one(caseId, rfeId), body, { schema: ZRfeReply }),
  remove: (caseId: number, rfeId: number) => api.delete(one(caseId, rfeId), { schema: ZMsg }),
  addFinding: (caseId: number, rfeId: number, body: TFindingRequest): Promise<TRfeReply> =>
    api.post(`${one(caseId, rfeId)}finding/`, body, { schema: ZRfeReply }),
  editFinding: (
    caseId: number,
    rfeId: number,
    findingId: number,
    body: TFindingRequest,
  ): Promise<TRfeReply> => api.put(finding(caseId, rfeId, findingId), body, { schema: ZRfeReply }),
  removeFinding: (caseId: number, rfeId: number, findingId: number): Promise<TRfeReply> =>
    api.delete(finding(caseId, rfeId, findingId), { schema: ZRfeReply }),
  exhibits: (
    caseId: number,
    rfeId: number,
    findingId: number,
    body: TFindingExhibitsRequest,
  ): Promise<TRfeReply> =>
    api.put(`${finding(caseId, rfeId, findingId)}exhibits/`, body, { schema: ZRfeReply }),
  packet: (caseId: number, rfeId: number, signal?: AbortSignal): Promise<TRfePacket> =>
    api.get(`${one(caseId, rfeId)}packet/`, { signal, schema: ZRfePacket }),
  build: (caseId: number, rfeId: number): Promise<TRfePacket> =>
    api.post(`${one(caseId, rfeId)}packet/`, undefined, { schema: ZRfePacket }),
  file: (caseId: number, rfeId: number) => download(`${one(caseId, rfeId)}packet/file/`),
  /** The filing record: its snapshot holds the exhibit numbers as mailed (same cache key as the filing panel's). */
  filing: (caseId: number, signal?: AbortSignal): Promise<TFiling> =>
    api.get(`/customer/case/${caseId}/filing/`, { signal, schema: ZFiling }),
};

export const rfeKeys = {
  list: (caseId: number) => ['workbench', 'rfe', caseId] as const,
  one: (caseId: number, rfeId: number) => ['workbench', 'rfe', caseId, rfeId] as const,
  packet: (caseId: number, rfeId: number) => ['workbench', 'rfe-packet', caseId, rfeId] as const,
  filing: (caseId: number) => ['workbench', 'filing', caseId] as const,
};
