// The case `npm run bench:lighthouse -- --workbench` measures, seeded over HTTP only, as the workbench screens
// would (the plain-JavaScript twin of e2e/case-seed.ts): one customer logged in by SMS code (console provider,
// CAPTCHA_MODE=test), the EB-1A base service bought with the sandbox checkout, three criteria claimed, 40 exhibit
// folders with one small PDF each (sent over tus, waited for until the worker made them `ready`) and a petition
// letter of about 40 pages of English paragraphs citing those exhibits.
import { PDFDocument } from '@cantoo/pdf-lib';

export const EXHIBITS = 40;
const CRITERIA = ['awards', 'judge', 'scholarly_publication'];
const LETTER_SECTIONS = 40;
const TUS_PATH = '/api/customer/uploads/tus/';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One small real PDF, made once and sent 40 times (the server stores each upload as its own file). */
async function seedPdf() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Dossier workbench bench exhibit', { x: 72, y: 700 });
  return doc.save();
}

function client(base) {
  let token = null;
  async function call(method, path, body) {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        Language: 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  }
  return {
    call,
    setToken: (t) => {
      token = t;
    },
    /** Sends `bytes` over tus (creation, then one PATCH); answers the upload id (still checking). */
    async upload(name, bytes) {
      const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');
      const auth = { authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
      const created = await fetch(`${base}${TUS_PATH}?project_code=USA_EB1A`, {
        method: 'POST',
        headers: {
          ...auth,
          'Upload-Length': String(bytes.length),
          'Upload-Metadata': `filename ${b64(name)},filetype ${b64('application/pdf')}`,
        },
      });
      if (created.status !== 201)
        throw new Error(`tus create ${name}: ${created.status} ${await created.text()}`);
      const key = created.headers.get('location').split('/').filter(Boolean).pop();
      const patched = await fetch(`${base}${TUS_PATH}${key}`, {
        method: 'PATCH',
        headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: bytes,
      });
      if (patched.status !== 204)
        throw new Error(`tus patch ${name}: ${patched.status} ${await patched.text()}`);
      return (await call('GET', `${TUS_PATH}${key}/`)).id;
    },
  };
}

/** Captcha (any answer in CAPTCHA_MODE=test), SMS code from the console provider, login. */
async function login(api) {
  const target = { area_code: '86', phone: `139${String(Date.now()).slice(-8)}` };
  const { captcha_id } = await api.call('POST', '/api/auth/customer/get_captcha/', target);
  const { sms_code, sms_ticket } = await api.call('POST', '/api/auth/customer/send_sms_code/', {
    ...target,
    captcha_id,
    captcha: 'bench',
  });
  return api.call('POST', '/api/auth/customer/login_register/', {
    ...target,
    sms_code,
    sms_ticket,
    agreement: true,
  });
}

/** The EB-1A base service: order, online payment, the sandbox checkout's "paid". */
async function buyBase(api, base) {
  const products = await api.call('GET', '/api/customer/product/?project_code=USA_EB1A');
  const product = products.find((p) => p.kind === 'base');
  const order = await api.call('POST', '/api/customer/order/', {
    product_ids: [product.id],
    agreement_accepted: true,
  });
  const pay = await api.call('POST', `/api/customer/order/${order.id}/pay/`, { method: 'online' });
  const token = new URL(pay.redirect_url, base).searchParams.get('token');
  await api.call('POST', `/api/payment/sandbox/session/${token}/complete/`, { outcome: 'paid' });
}

const txt = (text) => ({ type: 'text', text });
const exhibit = (folderId) => ({ type: 'reference', attrs: { kind: 'exhibit', id: `folder:${folderId}` } });
const FIELDS = [
  'protein structure prediction',
  'low-power chip design',
  'urban traffic optimisation',
  'early cancer screening',
  'renewable energy storage',
  'natural language processing',
];

/**
 * About one Letter page per section: a heading and four long English paragraphs (~520 words), each citing one
 * or two of the exhibits, so the 40 sections cite every exhibit several times.
 */
export function petitionLetter(folderIds) {
  const ex = (n) => exhibit(folderIds[n % folderIds.length]);
  const content = [
    {
      type: 'heading',
      attrs: { level: 1 },
      content: [txt('Petition for Alien Worker (EB-1A): Letter in Support')],
    },
    { type: 'paragraph', content: [txt('Dear Officer:')] },
  ];
  for (let s = 0; s < LETTER_SECTIONS; s++) {
    const field = FIELDS[s % FIELDS.length];
    const n = s * 3;
    content.push(
      {
        type: 'heading',
        attrs: { level: 2 },
        content: [txt(`${s + 1}. Evidence of sustained acclaim in ${field}`)],
      },
      {
        type: 'paragraph',
        content: [
          txt(
            `Since 2015 the petitioner has worked on ${field}, publishing ${40 + s} peer-reviewed articles as first or corresponding author. These articles have been cited ${3100 + 17 * s} times by independent researchers in at least twenty countries, a record that places the petitioner well within the small percentage who have risen to the very top of the field. The citation report, drawn from Google Scholar and Web of Science on the same day, is attached as `,
          ),
          ex(n),
          txt(
            '. It shows not only the volume of citations but their steady growth year after year, which confirms that the interest of the field in this work is sustained rather than momentary.',
          ),
        ],
      },
      {
        type: 'paragraph',
        content: [
          txt(
            `In ${2019 + (s % 5)} the petitioner introduced a method for ${field} that reduced error rates by ${18 + (s % 9)} percent compared with the previous state of the art. Independent laboratories reproduced the result within months and adopted the method as their standard baseline, as the letters of support and the adoption records in `,
          ),
          ex(n + 1),
          txt(' and '),
          ex(n + 2),
          txt(
            ' describe in detail. Companies have since built the method into commercial products used by hospitals, utilities and city governments, and the licensing agreements show that this use continues today.',
          ),
        ],
      },
      {
        type: 'paragraph',
        content: [
          txt(
            `The petitioner has also been invited to judge the work of others in the field: as a reviewer for ${6 + (s % 7)} leading journals, as a member of the programme committees of international conferences, and as an examiner of doctoral theses at universities in Europe and Asia. Judging of this kind is reserved for researchers whose own standing is recognised by their peers; the invitations and the review records are attached as `,
          ),
          ex(n + 3),
          txt(
            '. Each invitation names the petitioner personally and was extended because of the expertise shown in the published work described above.',
          ),
        ],
      },
      {
        type: 'paragraph',
        content: [
          txt(
            'Taken together, the evidence in this section is specific, consistent and corroborated by independent sources. Under 8 C.F.R. § 204.5(h)(3) the petitioner need meet only three of the ten criteria, and the final merits determination asks whether the record as a whole shows sustained national or international acclaim. We respectfully ask the officer to weigh this section with the rest of the record, including the awards summarised in ',
          ),
          ex(n + 4),
          txt(
            ', and to find that the petitioner continues to work in the area of extraordinary ability and that this work will substantially benefit the United States in the years to come.',
          ),
        ],
      },
    );
  }
  content.push({ type: 'paragraph', content: [txt('Respectfully submitted,')] });
  return { type: 'doc', content };
}

/** Waits until no upload is `checking`; each must be `ready` (the worker normalises them one at a time). */
async function settled(api, ids) {
  const until = Date.now() + 600_000;
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const u = await api.call('GET', `/api/customer/uploads/${id}/`);
      if (u.status === 'checking') continue;
      if (u.status !== 'ready') throw new Error(`upload ${u.name}: ${u.status} ${JSON.stringify(u.refusal)}`);
      pending.delete(id);
    }
    if (pending.size > 0 && Date.now() > until) throw new Error(`uploads still checking: ${[...pending]}`);
    if (pending.size > 0) await sleep(500);
  }
}

/**
 * Seeds the case on the server at `base` (CAPTCHA_MODE=test, console SMS, sandbox payments); answers the login
 * (tokens and customer, as the login screen stores them) and what was made.
 */
export async function seedWorkbenchCase(base) {
  const api = client(base);
  const session = await login(api);
  api.setToken(session.access_token);
  await buyBase(api, base);
  const summary = await api.call('GET', '/api/customer/case/?project_code=USA_EB1A');
  const onCase = (path) => `/api/customer/case/${summary.id}/${path}`;
  const pdf = await seedPdf();
  // Sent four at a time: the worker checks them one by one anyway.
  const uploads = [];
  for (let i = 0; i < EXHIBITS; i += 4) {
    const batch = Array.from({ length: Math.min(4, EXHIBITS - i) }, (_, k) => i + k + 1);
    uploads.push(...(await Promise.all(batch.map((n) => api.upload(`Exhibit ${n}.pdf`, pdf)))));
  }
  const { version } = await api.call('GET', onCase('criteria/'));
  await api.call('PUT', onCase('criteria/'), { criteria: CRITERIA, version });
  const folderIds = [];
  for (let i = 0; i < EXHIBITS; i++) {
    const criterion = CRITERIA[i % CRITERIA.length];
    const name = `Evidence ${i + 1} for ${criterion}`;
    const made = await api.call('POST', onCase('evidence/'), { criterion, name, name_en: name });
    const folderId = made.evidence.folders.find((f) => f.name === name).id;
    folderIds.push(folderId);
    await api.call('POST', onCase(`evidence/${folderId}/files/`), {
      name: `Exhibit ${i + 1}`,
      needs_translation: false,
      original_upload_id: uploads[i],
    });
  }
  const letter = petitionLetter(folderIds);
  const current = await api.call('GET', onCase('documents/petition_letter/'));
  await api.call('PUT', onCase('documents/petition_letter/'), { version: current.version, content: letter });
  await settled(api, uploads);
  return {
    session,
    caseId: summary.id,
    folders: folderIds.length,
    files: uploads.length,
    letterKb: JSON.stringify(letter).length / 1000,
  };
}

/** Fresh tokens for `session` (POST /api/auth/token/refresh/), so each Lighthouse run starts with a valid pair. */
export async function refreshed(base, session) {
  const r = await fetch(`${base}/api/auth/token/refresh/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: session.refresh_token }),
  });
  if (!r.ok) throw new Error(`token refresh: ${r.status} ${await r.text()}`);
  return { ...session, ...(await r.json()) };
}
