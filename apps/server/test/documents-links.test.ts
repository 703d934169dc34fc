import { DOCX_NAME_HEADER, ZDocumentImport } from '@dossier/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDocument, caseDocumentVersion } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { docx, hyperlink, paragraph } from './documents-docx-zip.ts';
import { expectError, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';

/**
 * Issue 27 item 10: rich text keeps only safe links and known attributes. A link's href is http, https or mailto
 * (anything else is refused on save, 400 document_link_unsafe, and dropped on import and from rows stored before
 * the rule); attributes the contract does not name are dropped wherever they are.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const linked = (href: string, attrs: Record<string, unknown> = {}) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'click me', marks: [{ type: 'link', attrs: { href, ...attrs } }] }],
    },
  ],
});

const UNSAFE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\nscript:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u200bjavascript:alert(1)',
  'javascript&#58;alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.org/',
  '//evil.example/',
  '/relative/path',
  'https:alert(1)',
  'https://',
  'mailto:',
  ' https://example.org/',
  'https://example.org/\u0000',
  'https://example.org/ x',
  `https://example.org/${'a'.repeat(2_000)}`,
];

/** What a stored document must never hold. */
const FORBIDDEN = [
  'javascript',
  'vbscript',
  'data:',
  'onclick',
  'onmouseover',
  'target',
  '"class"',
  'style',
  '"rel"',
];

async function storedRow(o: Owner, kind = 'petition_letter') {
  const [row] = await t.ctx.db.db
    .select()
    .from(caseDocument)
    .where(and(eq(caseDocument.caseId, o.caseId), eq(caseDocument.kind, kind)));
  return row;
}

describe('documents: links and attributes (issue 27 item 10)', () => {
  it('refuses a link that is not http, https or mailto on save, in zh and en; nothing is stored', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    for (const href of UNSAFE) {
      for (const lang of ['en', 'zh'] as const) {
        const r = await call(
          'PUT',
          'documents/petition_letter/',
          { version: 0, content: linked(href) },
          lang,
        );
        // NUL never reaches the documents module: the input guard refuses it first.
        expectError(r, 400, href.includes('\u0000') ? 'invalid_characters' : 'document_link_unsafe', lang);
        expect(r.json().msg).not.toContain('{{');
      }
    }
    expect(await storedRow(o)).toBeUndefined();
  });

  it('keeps http, https and mailto links and drops every attribute the contract does not name', async () => {
    const o = await owner(t);
    const evil = {
      onclick: 'alert(1)',
      onmouseover: 'alert(2)',
      style: 'x',
      class: 'c',
      target: '_blank',
      rel: 'opener',
    };
    const content = {
      type: 'doc',
      style: 'x',
      content: [
        {
          type: 'heading',
          attrs: { level: 2, ...evil },
          content: [{ type: 'text', text: 'Title', onclick: 'x' }],
        },
        {
          type: 'paragraph',
          attrs: { textAlign: 'center', ...evil },
          content: [
            {
              type: 'text',
              text: 'a',
              marks: [{ type: 'link', attrs: { href: 'https://example.org/a?b=c#d', ...evil } }],
            },
            {
              type: 'text',
              text: 'b',
              marks: [{ type: 'link', attrs: { href: 'HTTP://EXAMPLE.ORG', title: 't' } }],
            },
            {
              type: 'text',
              text: 'c',
              marks: [{ type: 'link', attrs: { href: 'mailto:someone@example.org' } }],
            },
            { type: 'text', text: 'd', marks: [{ type: 'bold', attrs: evil }] },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 3, type: 'a', ...evil },
          content: [{ type: 'listItem', style: 'x', content: [{ type: 'paragraph' }] }],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: { colspan: 2, colwidth: [100], ...evil },
                  content: [{ type: 'paragraph' }],
                },
              ],
            },
          ],
        },
      ],
    };
    const r = await onCase(t, o)('PUT', 'documents/petition_letter/', { version: 0, content });
    expect(r.statusCode, r.body).toBe(200);
    const stored = JSON.stringify((await storedRow(o))!.content);
    for (const f of FORBIDDEN) expect(stored, f).not.toContain(f);
    expect(stored).toContain('{"type":"link","attrs":{"href":"https://example.org/a?b=c#d"}}');
    expect(stored).toContain('"href":"HTTP://EXAMPLE.ORG"');
    expect(stored).toContain('"href":"mailto:someone@example.org"');
    expect(stored).toContain('"textAlign":"center"');
    expect(stored).toContain('"start":3');
    expect(stored).toContain('"colspan":2');
    const [version] = await t.ctx.db.db
      .select()
      .from(caseDocumentVersion)
      .orderBy(desc(caseDocumentVersion.id))
      .limit(1);
    for (const f of FORBIDDEN) expect(JSON.stringify(version!.content), f).not.toContain(f);
  });

  it('drops unsafe links and unknown attributes from a row stored before the rule: read, history, restore', async () => {
    const o = await owner(t);
    const ok = await onCase(t, o)('PUT', 'documents/us_plan/', {
      version: 0,
      content: linked('https://example.org/'),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // What the looser schema let through before.
    const legacy = linked('javascript:alert(1)', { onclick: 'alert(2)', class: 'x', target: '_blank' });
    const row = (await storedRow(o, 'us_plan'))!;
    await t.ctx.db.db.update(caseDocument).set({ content: legacy }).where(eq(caseDocument.id, row.id));
    await t.ctx.db.db
      .update(caseDocumentVersion)
      .set({ content: legacy })
      .where(eq(caseDocumentVersion.documentId, row.id));
    const call = onCase(t, o);
    const view = await call('GET', 'documents/us_plan/');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().content.content[0].content[0]).toEqual({ type: 'text', text: 'click me' });
    const versions = (await call('GET', 'documents/us_plan/versions/')).json().versions;
    const old = await call('GET', `documents/us_plan/versions/${versions[0].id}/`);
    expect(old.statusCode, old.body).toBe(200);
    for (const f of FORBIDDEN) expect(old.body, f).not.toContain(f);
    const restored = await call('POST', `documents/us_plan/versions/${versions[0].id}/restore/`, {
      version: 1,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const stored = JSON.stringify((await storedRow(o, 'us_plan'))!.content);
    for (const f of FORBIDDEN) expect(stored, f).not.toContain(f);
    expect(stored).toContain('click me');
  });

  it('drops unsafe links on import and keeps their text', async () => {
    const o = await owner(t);
    const targets = [
      'javascript:alert(1)',
      ' javascript:alert(2)',
      'JAVASCRIPT:alert(3)',
      'java\tscript:alert(4)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox(5)',
      'file:///etc/passwd',
      'https://ok.example/',
      'mailto:a@example.org',
    ];
    const body = targets.map((_, i) => paragraph(`before ${i} `) + hyperlink(i, `link${i}`)).join('');
    const r = await injectAs(t, 'POST', `/api/customer/case/${o.caseId}/documents/petition_letter/import/`, {
      user: o.user,
      payload: docx(body, { links: targets }),
      headers: { 'content-type': DOCX, [DOCX_NAME_HEADER]: 'links.docx' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const imported = ZDocumentImport.parse(r.json());
    const text = JSON.stringify(imported.content);
    for (let i = 0; i < targets.length; i++) expect(text).toContain(`link${i}`);
    for (const f of FORBIDDEN) expect(text, f).not.toContain(f);
    expect(text).toContain('{"type":"link","attrs":{"href":"https://ok.example/"}}');
    expect(text).toContain('{"type":"link","attrs":{"href":"mailto:a@example.org"}}');
    expect(text.match(/"type":"link"/g)).toHaveLength(2);
  });
});
