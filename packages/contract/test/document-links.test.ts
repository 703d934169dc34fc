import { describe, expect, it } from 'vitest';
import { isSafeHref, unsafeLinkIn, withoutUnsafeLinks, ZLetterDocument } from '../src/document.ts';

/** Issue 27 item 10: links are http, https or mailto, spelled as they are; unknown attributes are dropped. */
describe('document links', () => {
  it('accepts http, https and mailto only, with nothing before the scheme and no space or control inside', () => {
    for (const ok of ['http://a.org', 'HTTPS://A.ORG/x?y=1#z', 'mailto:a@b.org', 'https://例子.中国/路径']) {
      expect(isSafeHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' https://a.org',
      'https://a.org ',
      'https://a.org/\u0000',
      'https://a.org/\u0085',
      '\u0000https://a.org',
      'java\u0000script:x',
      'https:a.org',
      'https://',
      'mailto:',
      '//a.org',
      'data:text/html,x',
      'ftp://a.org',
      `https://a.org/${'x'.repeat(2000)}`,
      42,
      null,
    ]) {
      expect(isSafeHref(bad), String(bad)).toBe(false);
    }
  });

  it('finds the first unsafe link anywhere (footnotes too) and drops every one, keeping the text', () => {
    const link = (href: string) => ({ type: 'link', attrs: { href } });
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a', marks: [link('https://a.org'), { type: 'bold' }] },
            { type: 'text', text: 'b', marks: [link('vbscript:x')] },
            {
              type: 'footnote',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'c', marks: [link('data:x')] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(unsafeLinkIn(doc)).toMatch(/^(vbscript:x|data:x)$/);
    expect(ZLetterDocument.safeParse(doc).success).toBe(false);
    const clean = withoutUnsafeLinks(doc);
    expect(unsafeLinkIn(clean)).toBeUndefined();
    expect(JSON.stringify(doc)).toContain('vbscript');
    expect(JSON.stringify(clean)).toBe(
      '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"a","marks":[{"type":"link","attrs":{"href":"https://a.org"}},{"type":"bold"}]},{"type":"text","text":"b"},{"type":"footnote","content":[{"type":"paragraph","content":[{"type":"text","text":"c"}]}]}]}]}',
    );
    expect(ZLetterDocument.safeParse(clean).success).toBe(true);
    // Nothing to drop: the same object.
    expect(withoutUnsafeLinks(clean)).toBe(clean);
  });

  it('drops attributes the contract does not name', () => {
    const parsed = ZLetterDocument.parse({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: 'left', class: 'x', onclick: 'y' },
          content: [
            {
              type: 'text',
              text: 't',
              marks: [{ type: 'link', attrs: { href: 'https://a.org', target: '_blank' } }],
            },
          ],
        },
      ],
    });
    expect(JSON.stringify(parsed)).toBe(
      '{"type":"doc","content":[{"type":"paragraph","attrs":{"textAlign":"left"},"content":[{"type":"text","text":"t","marks":[{"type":"link","attrs":{"href":"https://a.org"}}]}]}]}',
    );
  });
});
