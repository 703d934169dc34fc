import { describe, expect, it } from 'vitest';
import { AssistantProviderError } from '../src/providers/assistant/assistant-provider.ts';
import { ConsoleAssistantProvider, consoleReply, quoteOf } from '../src/providers/assistant/console.ts';

/** The development model (decision 0083): deterministic answers in the reply format, from the request's blocks. */
const SYSTEM = { role: 'system' as const, content: 'Draft a section. Reply with JSON only.' };
const EXHIBITS = `Criterion: awards.
<exhibit ref="folder:12" label="Exhibit 4" title="IEEE Best Paper Award">
<page n="1"></page>
<page n="2">Certificate of Award. The IEEE Signal Processing Society presents the 2024 Best Paper Award to Li Wei &amp; co-authors for the paper.</page>
</exhibit>
<exhibit ref="file:30" label="Exhibit 5" title="审稿邀请">
<page n="3">诚挚邀请您担任本刊审稿人</page>
</exhibit>
<exhibit ref="folder:13" label="Exhibit 6" title="Empty scan">
<page n="1">   </page>
</exhibit>`;

describe('console assistant model', () => {
  it('cites 6–12 consecutive words of the first page with text of each exhibit, in the reply format', () => {
    const reply = JSON.parse(consoleReply([SYSTEM, { role: 'user', content: EXHIBITS }]));
    const sentences = reply.paragraphs[0].sentences;
    expect(sentences).toHaveLength(2);
    expect(sentences[0].cites).toEqual([
      {
        ref: 'folder:12',
        pages: [2, 2],
        quote: 'Certificate of Award. The IEEE Signal Processing Society presents the 2024 Best',
      },
    ]);
    expect(sentences[0].text).toContain('Exhibit 4');
    // Chinese has no spaces between words: the page's first characters are quoted.
    expect(sentences[1].cites[0]).toEqual({
      ref: 'file:30',
      pages: [3, 3],
      quote: '诚挚邀请您担任本刊审稿人',
    });
    const words = sentences[0].cites[0].quote.split(' ');
    expect(words.length).toBeGreaterThanOrEqual(6);
    expect(words.length).toBeLessThanOrEqual(12);
    const fourteen = 'a b c d e f g h i j k l m n';
    expect(quoteOf(fourteen)).toBe('a b c d e f g h i j k l');
    expect(quoteOf('  Awarded  to\nLi Wei & co. ')).toBe('Awarded to Li Wei & co.');
  });

  it('states a gap when the request holds no exhibit text', () => {
    const reply = JSON.parse(consoleReply([SYSTEM, { role: 'user', content: 'Criterion: membership.' }]));
    expect(reply.paragraphs[0].sentences).toEqual([
      { text: 'The record holds no exhibit text for this section.', gap: true },
    ]);
  });

  it('tightens a paragraph (spaces collapsed) and marks a translation with its target language', () => {
    const para = '<paragraph>Dr. Li  has   published 12 papers.</paragraph>';
    const tight = JSON.parse(consoleReply([SYSTEM, { role: 'user', content: para }]));
    expect(tight.paragraphs[0].sentences).toEqual([{ text: 'Dr. Li has published 12 papers.' }]);
    const toZh = JSON.parse(
      consoleReply([
        { role: 'system', content: 'Translate the paragraph.' },
        { role: 'user', content: para },
      ]),
    );
    expect(toZh.paragraphs[0].sentences[0].text).toBe('[zh] Dr. Li has published 12 papers.');
    const toEn = JSON.parse(
      consoleReply([
        SYSTEM,
        { role: 'user', content: '<paragraph to="en">李博士发表了 12 篇论文。</paragraph>' },
      ]),
    );
    expect(toEn.paragraphs[0].sentences[0].text).toBe('[en] 李博士发表了 12 篇论文。');
  });

  it("cites a rewrite's references again and reads the target language from the task's words", () => {
    const user = `<paragraph>Dr. Li won the  IEEE award (Exhibit 4).</paragraph>
<exhibit ref="folder:12" label="Exhibit 4" title="Award">
<page n="2">Certificate of Award.</page>
</exhibit>
<exhibit ref="letter:3" label="Letter 1" title="Prof. Wang">
</exhibit>`;
    const task = {
      role: 'system' as const,
      content: 'Task: translate the paragraph in <paragraph> into English.',
    };
    const [sentence] = JSON.parse(consoleReply([task, { role: 'user', content: user }])).paragraphs[0]
      .sentences;
    expect(sentence).toEqual({
      text: '[en] Dr. Li won the IEEE award (Exhibit 4).',
      cites: [
        { ref: 'folder:12', pages: [2, 2], quote: null },
        { ref: 'letter:3', pages: null, quote: null },
      ],
    });
    const zh = { role: 'system' as const, content: 'Task: translate the paragraph into Simplified Chinese.' };
    const [toZh] = JSON.parse(consoleReply([zh, { role: 'user', content: user }])).paragraphs[0].sentences;
    expect(toZh.text).toBe('[zh] Dr. Li won the IEEE award (Exhibit 4).');
  });

  it('streams in a few chunks, deterministically, with usage as characters / 4', async () => {
    const p = new ConsoleAssistantProvider();
    const messages = [SYSTEM, { role: 'user' as const, content: EXHIBITS }];
    const deltas: string[] = [];
    const a = await p.chat({ messages, maxTokens: 4000, onDelta: (c) => deltas.push(c) });
    const b = await p.chat({ messages, maxTokens: 4000 });
    expect(a).toEqual(b);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(a.text);
    expect(a.finishReason).toBe('stop');
    const prompt = Math.ceil((SYSTEM.content.length + EXHIBITS.length) / 4);
    expect(a.usage).toEqual({
      promptTokens: prompt,
      completionTokens: Math.ceil(a.text.length / 4),
      totalTokens: prompt + Math.ceil(a.text.length / 4),
    });
  });

  it('is cut at the token cap with finishReason length, and cancelled by the signal', async () => {
    const p = new ConsoleAssistantProvider();
    const messages = [SYSTEM, { role: 'user' as const, content: EXHIBITS }];
    const cut = await p.chat({ messages, maxTokens: 10 });
    expect([cut.text.length, cut.finishReason]).toEqual([40, 'length']);
    const ac = new AbortController();
    const err = await p
      .chat({ messages, maxTokens: 4000, signal: ac.signal, onDelta: () => ac.abort() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AssistantProviderError);
    expect((err as AssistantProviderError).kind).toBe('cancelled');
  });
});
