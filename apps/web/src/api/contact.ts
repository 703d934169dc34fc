import type { TContactRequest } from '@dossier/contract';
import { ZContactResponse } from '@dossier/contract';
import { api } from './client.ts';

/** The agent appointment call (spec §7 POST /customer/contact/): 201 means success. */
export const contactApi = {
  submit: (body: TContactRequest) => api.post('/customer/contact/', body, { schema: ZContactResponse }),
};
