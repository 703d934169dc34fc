import { CONSULTATION_FIELD_ERRORS, CONTACT_FIELD_ERRORS, inlineCodesOf } from '@dossier/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setErrorNotifier, toastUnshown } from '../src/api/client.ts';
import { bodyFieldPath, fieldErrorTarget } from '../src/features/shell/field-errors.ts';

/** The answer of a schema refusal (apps/server/src/plugins/errors.ts), as the client throws it. */
const validation = (field: string | undefined, msg = `Invalid value: ${field}`) =>
  new ApiError(400, 'validation', msg, { code: 'validation', msg, ...(field ? { field } : {}) });

describe('server refusals on form fields (decision 0017)', () => {
  it('reads the body path of a refusal as an antd name path', () => {
    expect(bodyFieldPath('body.topic')).toEqual(['topic']);
    expect(bodyFieldPath('body.appointment.date')).toEqual(['appointment', 'date']);
    expect(bodyFieldPath('body.items.2.name')).toEqual(['items', 2, 'name']);
    for (const notBody of ['querystring.size', 'params.id', 'body', 'body.', 'body..x', undefined, 3]) {
      expect(bodyFieldPath(notBody)).toBeNull();
    }
  });

  it('puts a validation refusal on the field it names when the form has that field', () => {
    const known = [['timezone'], ['date'], ['time'], ['topic']];
    expect(fieldErrorTarget(validation('body.topic'), CONSULTATION_FIELD_ERRORS, known)).toEqual(['topic']);
    const nested = [['appointment', 'date'], ['name']];
    expect(fieldErrorTarget(validation('body.appointment.date'), {}, nested)).toEqual([
      'appointment',
      'date',
    ]);
    const rows = [['items', 0, 'name']];
    expect(fieldErrorTarget(validation('body.items.0.name'), {}, rows)).toEqual(['items', 0, 'name']);
    const chars = new ApiError(400, 'invalid_characters', 'x', { field: 'body.topic' });
    expect(fieldErrorTarget(chars, {}, known)).toEqual(['topic']);
  });

  it('leaves it to the toast when the form has no such field or the refusal names none', () => {
    const known = [['timezone'], ['date']];
    expect(fieldErrorTarget(validation('body.idempotency'), {}, known)).toBeNull();
    expect(fieldErrorTarget(validation('querystring.size'), {}, known)).toBeNull();
    expect(fieldErrorTarget(validation(undefined, 'Invalid value: body'), {}, known)).toBeNull();
    // A partial path is not the field.
    expect(fieldErrorTarget(validation('body.appointment'), {}, [['appointment', 'date']])).toBeNull();
    // Other codes name no field through `field`: only the form's table places them.
    const other = new ApiError(409, 'consultation_state', 'x', { field: 'body.date' });
    expect(fieldErrorTarget(other, CONSULTATION_FIELD_ERRORS, known)).toBeNull();
  });

  it('places a coded refusal by the form table first', () => {
    const past = new ApiError(400, 'consultation_time_past', 'passed', {});
    expect(fieldErrorTarget(past, CONSULTATION_FIELD_ERRORS, [])).toEqual(['time']);
    const name = new ApiError(400, 'contact_name_required', 'name', {});
    expect(fieldErrorTarget(name, CONTACT_FIELD_ERRORS, [])).toEqual(['name']);
  });

  it('a form call keeps schema refusals from the toast so the form can place them', () => {
    expect(inlineCodesOf(CONSULTATION_FIELD_ERRORS)).toEqual(
      expect.arrayContaining(['consultation_time_past', 'validation', 'invalid_characters']),
    );
  });
});

describe('a schema refusal no field shows is toasted once', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = { code: 'validation', msg: 'Invalid value: body.x', field: 'body.x' };
  const stubFetch = () =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 400 }));

  it('an inline code is thrown without a toast; toastUnshown shows it once', async () => {
    stubFetch();
    const toasts: string[] = [];
    setErrorNotifier((text) => toasts.push(text));
    const error = await api.post('/x/', {}, { inlineCodes: ['validation'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
    toastUnshown(error as ApiError);
    toastUnshown(error as ApiError);
    expect(toasts).toEqual([answer.msg]);
  });

  it('a refusal the client toasted already is not toasted again', async () => {
    stubFetch();
    const toasts: string[] = [];
    setErrorNotifier((text) => toasts.push(text));
    const error = await api.post('/x/', {}).catch((e: unknown) => e);
    toastUnshown(error as ApiError);
    expect(toasts).toEqual([answer.msg]);
  });
});
