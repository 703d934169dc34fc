import {
  type AssistantProvider,
  AssistantProviderError,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
} from './assistant-provider.ts';

/**
 * The development model (ASSISTANT_PROVIDER=console; e2e; refused in production by config; decision 0083). No
 * network, deterministic: it answers in the reply format the grounding asks for (decision 0084), from the last
 * user message's own blocks:
 *   - each `<exhibit ref label>` with a `<page n>` holding text gives one sentence quoting 6–12 consecutive words
 *     of its first such page (the first 40 characters when the page has fewer than 6 words: Chinese has no spaces),
 *     cited `{ref, pages: [n, n], quote}`; no exhibit text at all gives one `gap` sentence;
 *   - a `<paragraph>` (tighten / translate) comes back lightly changed: spaces collapsed, every exhibit given cited
 *     again (a rewrite must keep the paragraph's references); for a translation (`<paragraph to="zh|en">`, or a
 *     message asking to translate: "into Simplified Chinese" / "into English", else the other script than the
 *     paragraph's) prefixed "[zh] " / "[en] ". It translates nothing: it is a stand-in.
 * The reply streams in a few chunks; usage is estimated as characters / 4; a reply past the request's token cap is
 * cut there with finishReason `length`, as a real model's would be.
 */

const CHARS_PER_TOKEN = 4;
const CHUNKS = 4;

const fromXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const attr = (tag: string, name: string): string | null => {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return m ? fromXml(m[1]!) : null;
};

interface Sentence {
  text: string;
  cites?: Array<{ ref: string; pages: [number, number] | null; quote: string | null }>;
  gap?: true;
}

/** 6–12 consecutive words of a page (its first words), or its first 40 characters when it has fewer than 6. */
export function quoteOf(pageText: string): string | null {
  const flat = pageText.replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  const words = flat.split(' ');
  if (words.length >= 6) return words.slice(0, 12).join(' ');
  return [...flat].slice(0, 40).join('');
}

function exhibitSentences(message: string): Sentence[] {
  const out: Sentence[] = [];
  for (const block of message.matchAll(/<exhibit\b([^>]*)>([\s\S]*?)<\/exhibit>/g)) {
    const head = block[1]!;
    const ref = attr(head, 'ref');
    if (!ref) continue;
    const label = attr(head, 'label') ?? ref;
    for (const page of block[2]!.matchAll(/<page\s+n="(\d+)"\s*>([\s\S]*?)<\/page>/g)) {
      const n = Number(page[1]);
      const quote = quoteOf(fromXml(page[2]!));
      if (!quote) continue;
      out.push({ text: `${label}, page ${n}, states: "${quote}".`, cites: [{ ref, pages: [n, n], quote }] });
      break;
    }
  }
  return out;
}

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);

/** The exhibits a rewrite is given are the references its paragraph holds: each is cited again, or it is lost. */
function heldRefs(message: string): NonNullable<Sentence['cites']> {
  return [...message.matchAll(/<exhibit\b([^>]*)>([\s\S]*?)<\/exhibit>/g)].flatMap((block) => {
    const ref = attr(block[1]!, 'ref');
    if (!ref) return [];
    const n = /<page\s+n="(\d+)"/.exec(block[2]!);
    return [{ ref, pages: n ? ([Number(n[1]), Number(n[1])] as [number, number]) : null, quote: null }];
  });
}

/** The language a translation is asked in: the paragraph's `to`, the task's words, else the other script. */
function targetOf(messages: ChatMessage[], asked: string | null, original: string): 'zh' | 'en' {
  if (asked === 'zh' || asked === 'en') return asked;
  const all = messages.map((m) => m.content).join('\n');
  if (/into (simplified )?chinese|译成中文/i.test(all)) return 'zh';
  if (/into english|译成英文/i.test(all)) return 'en';
  return hasCjk(original) ? 'en' : 'zh';
}

function rewritten(messages: ChatMessage[], message: string): Sentence[] | null {
  const m = /<paragraph\b([^>]*)>([\s\S]*?)<\/paragraph>/.exec(message);
  if (!m) return null;
  const original = fromXml(m[2]!);
  const text = original.replace(/\s+/g, ' ').trim();
  const asked = attr(m[1]!, 'to');
  const cites = heldRefs(message);
  const translating = asked !== null || messages.some((x) => /translat|翻译/i.test(x.content));
  const out = translating ? `[${targetOf(messages, asked, original)}] ${text}` : text;
  return [cites.length ? { text: out, cites } : { text: out }];
}

/** The reply the console model gives to these messages (exported for its unit test). */
export function consoleReply(messages: ChatMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const sentences =
    rewritten(messages, last) ??
    (() => {
      const found = exhibitSentences(last);
      return found.length
        ? found
        : [{ text: 'The record holds no exhibit text for this section.', gap: true as const }];
    })();
  return JSON.stringify({ paragraphs: [{ sentences }] });
}

export class ConsoleAssistantProvider implements AssistantProvider {
  readonly name: string;
  readonly model: string;
  readonly baseUrlHost = 'console';

  constructor(name = 'Dossier console', model = 'dossier-console') {
    this.name = name;
    this.model = model;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const full = consoleReply(request.messages);
    const cap = request.maxTokens * CHARS_PER_TOKEN;
    const text = full.length > cap ? full.slice(0, cap) : full;
    const size = Math.ceil(text.length / CHUNKS) || 1;
    let received = 0;
    for (let i = 0; i < text.length; i += size) {
      // A turn of the event loop between chunks: the caller's Cancel can land mid-reply, as with a real stream.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (request.signal?.aborted) throw new AssistantProviderError('cancelled', 'cancelled by the caller');
      const chunk = text.slice(i, i + size);
      received += chunk.length;
      request.onDelta?.(chunk, received);
    }
    if (request.signal?.aborted) throw new AssistantProviderError('cancelled', 'cancelled by the caller');
    const prompt = request.messages.reduce((n, m) => n + m.content.length, 0);
    const promptTokens = Math.ceil(prompt / CHARS_PER_TOKEN);
    const completionTokens = Math.ceil(text.length / CHARS_PER_TOKEN);
    return {
      text,
      finishReason: text.length < full.length ? 'length' : 'stop',
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
    };
  }
}
