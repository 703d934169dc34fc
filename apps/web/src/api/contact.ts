import type { TContactRequest } from '@dossier/contract';
import {
  CONTACT_FIELD_ERRORS,
  IDEMPOTENCY_KEY_HEADER,
  inlineCodesOf,
  ZContactResponse,
} from '@dossier/contract';
import { api } from './client.ts';

/**
 * The agent appointment call (spec §7 POST /customer/contact/): 201 means success. `idempotencyKey` is one
 * per intended booking, sent again on a retry, so a retry after a lost answer books once.
 */
export const contactApi = {
  submit: ({ body, idempotencyKey }: { body: TContactRequest; idempotencyKey: string }) =>
    api.post('/customer/contact/', body, {
      schema: ZContactResponse,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      // Shown under the appointment form's fields (decision 0017).
      inlineCodes: inlineCodesOf(CONTACT_FIELD_ERRORS),
    }),
};

/** A fresh random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
