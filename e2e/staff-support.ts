import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { totpAt, totpStep } from '../apps/server/src/modules/staff/totp.ts';

/**
 * The journeys' finance staff member (decision 0020). playwright.config.ts creates the account with
 * `npm run staff:create -- --json` before the server starts and writes its one-time password to STAFF_FILE;
 * the first journey that needs staff takes it through the first sign-in (new password, TOTP enrolment) the way
 * a person does, and later ones sign in with password + code. Workers share the state through a file and a lock.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const STAFF_FILE = join(tmpdir(), `dossier-e2e-staff-${PORT}.json`);
const STATE_FILE = `${STAFF_FILE}.state`;
const LOCK = `${STAFF_FILE}.lock`;

interface State {
  username: string;
  password: string;
  secret: string;
  lastStep: number;
  token: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => Math.floor(Date.now() / 1000);

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (i > 600) throw new Error(`staff sign-in lock ${LOCK} held for 2 minutes`);
      await sleep(200);
    }
  }
  try {
    return await run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** An authenticator's code for a step after `lastStep` (waits for the next 30-second step when needed). */
async function codeAfter(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  while (totpStep(now()) <= lastStep) await sleep(1000);
  return { code: totpAt(secret, now()), step: totpStep(now()) };
}

async function post(request: APIRequestContext, url: string, data: unknown, token?: string) {
  const r = await request.post(url, {
    data: data as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!r.ok()) throw new Error(`${url}: ${r.status()} ${await r.text()}`);
  return r.json();
}

async function firstSignIn(request: APIRequestContext): Promise<State> {
  const made = JSON.parse(readFileSync(STAFF_FILE, 'utf8')) as {
    username: string;
    one_time_password: string;
  };
  const session = await post(request, '/api/staff/auth/login/', {
    username: made.username,
    password: made.one_time_password,
  });
  const password = `e2e-${Date.now()}-${made.username}`;
  await post(
    request,
    '/api/staff/auth/password/',
    { current_password: made.one_time_password, new_password: password },
    session.token,
  );
  const { secret } = await post(request, '/api/staff/auth/totp/enrol/', {}, session.token);
  const { code, step } = await codeAfter(secret, -1);
  await post(request, '/api/staff/auth/totp/confirm/', { code }, session.token);
  return { username: made.username, password, secret, lastStep: step, token: session.token };
}

/** A bearer token of the journeys' finance member, signing in when there is no live one. */
export async function financeToken(request: APIRequestContext): Promise<string> {
  return withLock(async () => {
    let state = existsSync(STATE_FILE) ? (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as State) : null;
    if (state) {
      const me = await request.get('/api/staff/me/', { headers: { authorization: `Bearer ${state.token}` } });
      if (me.ok() && (await me.json()).stage === 'ok') return state.token;
      const session = await post(request, '/api/staff/auth/login/', {
        username: state.username,
        password: state.password,
      });
      const { code, step } = await codeAfter(state.secret, state.lastStep);
      await post(request, '/api/staff/auth/totp/verify/', { code }, session.token);
      state = { ...state, lastStep: step, token: session.token };
    } else {
      state = await firstSignIn(request);
    }
    writeFileSync(STATE_FILE, JSON.stringify(state));
    return state.token;
  });
}

/**
 * The journeys' reviewer and translator (decision 0032): made by the same CLI (playwright.config.ts,
 * REVIEWER_FILE / TRANSLATOR_FILE). The first caller replaces the one-time password through the API; every
 * journey then signs in on the /staff screen with username + password (these roles have no second factor).
 */
export const REVIEWER_FILE = join(tmpdir(), `dossier-e2e-reviewer-${PORT}.json`);
export const TRANSLATOR_FILE = join(tmpdir(), `dossier-e2e-translator-${PORT}.json`);

async function passwordCredentials(
  request: APIRequestContext,
  file: string,
): Promise<{ username: string; password: string }> {
  const state = `${file}.state`;
  return withLock(async () => {
    if (existsSync(state)) return JSON.parse(readFileSync(state, 'utf8'));
    const made = JSON.parse(readFileSync(file, 'utf8')) as {
      username: string;
      one_time_password: string;
    };
    const session = await post(request, '/api/staff/auth/login/', {
      username: made.username,
      password: made.one_time_password,
    });
    const password = `e2e-${Date.now()}-${made.username}`;
    await post(
      request,
      '/api/staff/auth/password/',
      { current_password: made.one_time_password, new_password: password },
      session.token,
    );
    const credentials = { username: made.username, password };
    writeFileSync(state, JSON.stringify(credentials));
    return credentials;
  });
}

export const reviewerCredentials = (request: APIRequestContext) =>
  passwordCredentials(request, REVIEWER_FILE);
export const translatorCredentials = (request: APIRequestContext) =>
  passwordCredentials(request, TRANSLATOR_FILE);
/** The journeys' content editor (decision 0035), made and signed in like the reviewer. */
export const EDITOR_FILE = join(tmpdir(), `dossier-e2e-editor-${PORT}.json`);
export const editorCredentials = (request: APIRequestContext) => passwordCredentials(request, EDITOR_FILE);
/** The journeys' consultant (decision 0033): made and signed in like the reviewer (no second factor). */
export const CONSULTANT_FILE = join(tmpdir(), `dossier-e2e-consultant-${PORT}.json`);
export const consultantCredentials = (request: APIRequestContext) =>
  passwordCredentials(request, CONSULTANT_FILE);
