import { FIELD_PATH_CODES, type FieldErrorMap } from '@dossier/contract';
import type { FormInstance } from 'antd';
import { ApiError, toastUnshown } from '../../api/client.ts';

type NamePath = (string | number)[];

/**
 * The form field a server `field` (`body.topic`, `body.appointment.date`, `body.items.0.name`) names: the path
 * after `body.`, with array indexes as numbers, as antd names fields. Null for anything not in the body.
 */
export function bodyFieldPath(field: unknown): NamePath | null {
  if (typeof field !== 'string' || !field.startsWith('body.')) return null;
  const parts = field.slice('body.'.length).split('.');
  if (parts.some((p) => p === '')) return null;
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

const sameName = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((x, i) => String(x) === String(b[i]));

/**
 * Which of the form's fields a refusal belongs to (decision 0017): the form's table maps the code to a field;
 * otherwise a refusal that names its field (`validation`, `invalid_characters` with `field`) goes to that field
 * when the form has it (`known`: the names of the form's fields). Null: the refusal is not about a field here.
 */
export function fieldErrorTarget(
  error: ApiError,
  map: FieldErrorMap,
  known: readonly (readonly (string | number)[])[],
): NamePath | null {
  const mapped = map[error.code];
  if (mapped !== undefined) return typeof mapped === 'string' ? [mapped] : [...mapped];
  if (!FIELD_PATH_CODES.includes(error.code)) return null;
  const path = bodyFieldPath(error.body.field);
  return path && known.some((name) => sameName(name, path)) ? path : null;
}

/**
 * Shows a server refusal under the field it is about (decision 0017) and scrolls to it; true when it did.
 * Otherwise the refusal is toasted, unless the client did so already or the screen shows it itself
 * (`toastOtherwise` false: e.g. an Alert in the dialog).
 */
export function showFieldError(
  form: FormInstance,
  error: unknown,
  map: FieldErrorMap,
  toastOtherwise = true,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = form.getFieldsError().map((f) => f.name);
  const name = fieldErrorTarget(error, map, known);
  if (name === null) {
    if (toastOtherwise) toastUnshown(error);
    return false;
  }
  form.setFields([{ name, errors: [error.message] }]);
  form.scrollToField(name, { block: 'center' });
  return true;
}
