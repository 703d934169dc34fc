import type { TPayResponse } from '@dossier/contract';
import { ZPayResponse } from '@dossier/contract';

type TransferAnswer = Extract<TPayResponse, { kind: 'bank_transfer' }>;

const KEY = (orderId: number) => `dossier.shop.transfer.${orderId}`;

export function transferPath(orderId: number): string {
  return `/payService/transfer/${orderId}`;
}

/** The bank details survive a reload of the transfer page (tab storage only; no secret in them). */
export function rememberTransfer(answer: TransferAnswer): void {
  try {
    sessionStorage.setItem(KEY(answer.order.id), JSON.stringify(answer));
  } catch {
    // Storage unavailable: the page asks the server again.
  }
}

export function recallTransfer(orderId: number, state: unknown): TransferAnswer | null {
  const fromState = ZPayResponse.safeParse(state);
  if (fromState.success && fromState.data.kind === 'bank_transfer' && fromState.data.order.id === orderId)
    return fromState.data;
  try {
    const raw = sessionStorage.getItem(KEY(orderId));
    const parsed = raw ? ZPayResponse.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success && parsed.data.kind === 'bank_transfer') return parsed.data;
  } catch {
    // Unreadable: ask the server again.
  }
  return null;
}
