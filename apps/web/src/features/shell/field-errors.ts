import type { FieldErrorMap } from '@dossier/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '../../api/client.ts';

/**
 * Shows a server refusal under the field it is about (decision 0017) and scrolls to it; true when it did.
 * Other errors were toasted by the client already.
 */
export function showFieldError(form: FormInstance, error: unknown, map: FieldErrorMap): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = map[error.code];
  if (field === undefined) return false;
  const name = typeof field === 'string' ? [field] : [...field];
  form.setFields([{ name, errors: [error.message] }]);
  form.scrollToField(name, { block: 'center' });
  return true;
}
