import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the USCIS Case Status API (developer.uscis.gov "Torch") on loopback: `POST /oauth/accesstoken`
 * checks the client-credentials form and issues bearer tokens; `GET /case-status/{receipt}` checks the token and
 * answers what the test put in `answers` (default: a documented `case_status` body). Written from the API's
 * documentation, independently of the adapter.
 */
export interface FakeTorchAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is (malformed answers); an object as JSON. */
  body?: string | object;
  /** Never answer (the connection stays open until the server closes). */
  stall?: boolean;
}

export interface FakeTorch {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Token requests received (valid or not). */
  tokenRequests: number;
  /** Status requests received, with the bearer token each carried. */
  statusRequests: Array<{ receipt: string; token: string }>;
  /** Seconds each issued token lives (sent as a string, as USCIS does). */
  expiresIn: number;
  /** Delay before the token endpoint answers, in ms (lets concurrent callers pile up). */
  tokenDelayMs: number;
  /** Answers by receipt number; each entry is used once, then the next (the last one repeats). */
  answers: Map<string, FakeTorchAnswer[]>;
  /** Forget every issued token: the next status call with one gets 401. */
  revokeTokens(): void;
  /** Refuse every token from now on (a 401 even for fresh ones). */
  refuseAll: boolean;
  close(): Promise<void>;
}

export function caseStatusBody(receipt: string, over: Record<string, unknown> = {}): object {
  return {
    case_status: {
      receiptNumber: receipt,
      formType: 'I-140',
      submittedDate: '09-05-2026 14:23:28',
      modifiedDate: '10-02-2026 09:11:00',
      current_case_status_text_en: 'Case Was Approved',
      current_case_status_desc_en: `On October 2, 2026, we approved your Form I-140, Receipt Number ${receipt}.`,
      current_case_status_text_es: 'Caso Fue Aprobado',
      current_case_status_desc_es: 'El 2 de octubre de 2026, aprobamos su Formulario I-140.',
      hist_case_status: [
        { date: '2026-09-20T10:00:00.000Z', completed_text_en: 'Case Is Being Actively Reviewed By USCIS' },
        { date: '2026-09-05T14:23:28.000Z', completed_text_en: 'Case Was Received' },
      ],
      ...over,
    },
    message: 'Query was successful',
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}

export async function startFakeTorch(): Promise<FakeTorch> {
  const issued = new Set<string>();
  const open = new Set<ServerResponse>();
  const fake: FakeTorch = {
    url: '',
    clientId: 'fake-client-id',
    clientSecret: `secret-${randomBytes(8).toString('hex')}`,
    tokenRequests: 0,
    statusRequests: [],
    expiresIn: 1799,
    tokenDelayMs: 0,
    answers: new Map(),
    refuseAll: false,
    revokeTokens: () => issued.clear(),
    close: async () => {},
  };
  const send = (res: ServerResponse, a: FakeTorchAnswer) => {
    const isText = typeof a.body === 'string';
    res.writeHead(a.status, {
      'content-type': isText ? 'text/html' : 'application/json',
      ...a.headers,
    });
    res.end(a.body === undefined ? '' : isText ? (a.body as string) : JSON.stringify(a.body));
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/oauth/accesstoken') {
      fake.tokenRequests += 1;
      const form = new URLSearchParams(await readBody(req));
      if (fake.tokenDelayMs) await new Promise((r) => setTimeout(r, fake.tokenDelayMs));
      if (
        !(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') ||
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== fake.clientId ||
        form.get('client_secret') !== fake.clientSecret
      ) {
        return send(res, {
          status: 401,
          body: { ErrorCode: 'invalid_client', Error: 'ClientId is Invalid' },
        });
      }
      const token = randomBytes(12).toString('hex');
      issued.add(token);
      return send(res, {
        status: 200,
        body: {
          access_token: token,
          token_type: 'BearerToken',
          expires_in: String(fake.expiresIn),
          client_id: fake.clientId,
          status: 'approved',
        },
      });
    }
    const m = /^\/case-status\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const receipt = decodeURIComponent(m[1]!);
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      fake.statusRequests.push({ receipt, token });
      if (fake.refuseAll || !issued.has(token)) {
        return send(res, {
          status: 401,
          headers: { 'content-type': 'application/problem+json' },
          body: { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Invalid access token' },
        });
      }
      const queue = fake.answers.get(receipt);
      const a = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
      if (!a) return send(res, { status: 200, body: caseStatusBody(receipt) });
      if (a.stall) {
        open.add(res);
        return;
      }
      return send(res, a);
    }
    send(res, { status: 404, body: { title: 'Not Found' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return fake;
}
