/**
 * Reads a content stream's tokens as it is decoded, chunk by chunk, keeping nothing but its state (decision
 * 0053): where the last whole operator ends (a stream that breaks off is cut there, so no reader meets half a
 * string or half an inline image), and each inline image (BI … ID … EI) with its dictionary's tokens and the
 * first bytes of its data, so its size can be measured like any image's.
 */

enum S {
  Between,
  Comment,
  Word,
  Name,
  String,
  Hex,
  /** After <: a dictionary (<<) or a hex string. */
  Lt,
  /** After >: the end of a dictionary (>>) or a stray >. */
  Gt,
  InlineData,
}

/** Bytes of an inline image's data kept for its codec header (a JPEG's frame header comes early). */
const INLINE_HEAD = 64 * 1024;
/** Tokens of an inline image's dictionary kept (a real one has a dozen). */
const INLINE_TOKENS = 256;
/** Characters of a token kept (keywords and inline-image values are short). */
const TOKEN_CHARS = 64;

export interface InlineImage {
  /** The dictionary's tokens between BI and ID: names (with their /), numbers, words, [ ] << >>. */
  tokens: string[];
  /** The first bytes of the data. */
  head: Uint8Array;
}

/** Character classes: 0 regular, 1 white space, 2 delimiter ( ) < > [ ] { } / %. */
const CLASS = new Uint8Array(256);
for (const b of [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0]) CLASS[b] = 1;
for (const b of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[b] = 2;
const isSpace = (b: number) => CLASS[b] === 1;
const isDelimiter = (b: number) => CLASS[b] === 2;

export class ContentLexer {
  /** Offset just past the last whole operator outside arrays, dictionaries and inline images. */
  safeEnd = 0;
  private pos = 0;
  private state = S.Between;
  private depth = 0;
  private escape = false;
  private nest = 0;
  /** The current word's first bytes, and its length. */
  private readonly wordBytes = new Uint8Array(TOKEN_CHARS);
  private wordLength = 0;
  private inInline = false;
  private tokens: string[] = [];
  private head: number[] = [];
  /** Inline data: 0 nothing, 1 white space, 2 white space + E, 3 white space + EI. */
  private ei = 0;

  constructor(private readonly onInlineImage: (image: InlineImage) => void) {}

  write(chunk: Uint8Array): void {
    const base = this.pos;
    this.pos += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      switch (this.state) {
        case S.Comment:
          if (b === 0x0a || b === 0x0d) this.state = S.Between;
          continue;
        case S.String:
          if (this.escape) this.escape = false;
          else if (b === 0x5c) this.escape = true;
          else if (b === 0x28) this.depth++;
          else if (b === 0x29 && --this.depth === 0) this.token('(…)');
          continue;
        case S.Hex:
          if (b === 0x3e) this.token('<…>');
          continue;
        case S.Lt:
          if (b === 0x3c) {
            this.nest++;
            this.token('<<');
            continue;
          }
          this.state = S.Hex;
          if (b === 0x3e) this.token('<…>');
          continue;
        case S.Gt:
          this.state = S.Between;
          if (b === 0x3e) {
            this.nest = Math.max(0, this.nest - 1);
            this.token('>>');
            continue;
          }
          break; // a stray >: b starts what follows
        case S.InlineData:
          this.inlineByte(b, base + i);
          continue;
        case S.Word:
        case S.Name:
          if (CLASS[b] === 0) {
            if (this.wordLength < TOKEN_CHARS) this.wordBytes[this.wordLength] = b;
            this.wordLength++;
            continue;
          }
          this.endWord(base + i);
          if ((this.state as S) === S.InlineData) {
            // The one white-space byte after ID separates it from the data; any other byte is data.
            if (!isSpace(b)) this.inlineByte(b, base + i);
            continue;
          }
          break;
      }
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d) this.between(b);
    }
  }

  /**
   * The stream ended. `cut`: it broke off (a decoding error), so a word running to the end may be half a
   * word and is not taken as an operator. An inline image whose EI ends the stream is complete.
   */
  end(cut: boolean): void {
    if (this.state === S.Word || this.state === S.Name) {
      if (!cut) this.endWord(this.pos);
      else this.state = S.Between;
    }
    if (this.state === S.InlineData && this.ei === 3 && !cut) this.endInline(this.pos);
  }

  private between(b: number) {
    if (isSpace(b)) return;
    switch (b) {
      case 0x25:
        this.state = S.Comment;
        return;
      case 0x28:
        this.state = S.String;
        this.depth = 1;
        return;
      case 0x3c:
        this.state = S.Lt;
        return;
      case 0x3e:
        this.state = S.Gt;
        return;
      case 0x5b:
      case 0x7b:
        this.nest++;
        this.token(b === 0x5b ? '[' : '{');
        return;
      case 0x5d:
      case 0x7d:
        this.nest = Math.max(0, this.nest - 1);
        this.token(b === 0x5d ? ']' : '}');
        return;
      case 0x2f:
        this.state = S.Name;
        this.wordBytes[0] = b;
        this.wordLength = 1;
        return;
      default:
        this.state = S.Word;
        this.wordBytes[0] = b;
        this.wordLength = 1;
    }
  }

  /** A token other than a word ended (a string, a bracket…): inside an inline dictionary it is kept. */
  private token(text: string) {
    this.state = S.Between;
    if (this.inInline && this.tokens.length < INLINE_TOKENS) this.tokens.push(text);
  }

  /** A word or a name ended just before `at`. */
  private endWord(at: number) {
    const wasName = this.state === S.Name;
    this.state = S.Between;
    if (this.inInline) {
      if (this.wordIs('ID')) {
        this.state = S.InlineData;
        this.ei = 1;
        this.head = [];
      } else if (this.tokens.length < INLINE_TOKENS) this.tokens.push(this.wordText());
      return;
    }
    if (wasName) return;
    if (this.wordIs('BI')) {
      this.inInline = true;
      this.tokens = [];
      return;
    }
    if (this.nest === 0 && !this.isOperand()) this.safeEnd = at;
  }

  private wordIs(text: string): boolean {
    if (this.wordLength !== text.length) return false;
    for (let i = 0; i < text.length; i++) if (this.wordBytes[i] !== text.charCodeAt(i)) return false;
    return true;
  }

  private wordText(): string {
    return String.fromCharCode(...this.wordBytes.subarray(0, Math.min(this.wordLength, TOKEN_CHARS)));
  }

  /** A number (or what starts like one) or true, false, null: not an operator. */
  private isOperand(): boolean {
    const c = this.wordBytes[0]!;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return true;
    return this.wordIs('true') || this.wordIs('false') || this.wordIs('null');
  }

  /** One byte of inline data: kept for the header, and watched for white space + EI + white space or a delimiter. */
  private inlineByte(b: number, at: number) {
    if (this.ei === 3 && (isSpace(b) || isDelimiter(b))) {
      this.endInline(at);
      this.between(b);
      return;
    }
    if (this.head.length < INLINE_HEAD) this.head.push(b);
    if (isSpace(b)) this.ei = 1;
    else if (this.ei === 1 && b === 0x45) this.ei = 2;
    else if (this.ei === 2 && b === 0x49) this.ei = 3;
    else this.ei = 0;
  }

  private endInline(at: number) {
    // The data ends before the white space and EI it has been watched for (when the head holds them).
    const data =
      this.head.length < INLINE_HEAD ? this.head.slice(0, Math.max(0, this.head.length - 3)) : this.head;
    this.onInlineImage({ tokens: this.tokens, head: Uint8Array.from(data) });
    this.inInline = false;
    this.tokens = [];
    this.head = [];
    this.ei = 0;
    this.state = S.Between;
    if (this.nest === 0) this.safeEnd = at;
  }
}
