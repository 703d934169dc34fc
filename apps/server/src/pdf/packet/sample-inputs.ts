import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { createFontSet } from '../fonts/font-set.ts';

/**
 * Generated evidence for the sample packet and the packet benchmark: text PDFs (publications, contracts),
 * scanned-image PDFs (grey JPEG pages at 150 dpi) and camera photos (JPEG). Deterministic for a seed, so
 * benchmark runs compare like with like. Nothing here is read from the network or the system.
 */

const LETTER: [number, number] = [612, 792];

/** Small deterministic PRNG (mulberry32): same seed, same bytes. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'research results data model method network energy system analysis material cell protein signal design ' +
  'performance clinical patient device algorithm learning sensor circuit battery catalyst structure impact ' +
  'citation journal conference award review committee innovation industry adoption benchmark prototype'
).split(' ');

function sentence(rand: () => number, words: number): string {
  const w = Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
  const s = w.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/**
 * A text PDF of `pages` pages with an embedded (subset) font, like a publication or a contract — real
 * evidence embeds its fonts, and the packet must keep them embedded.
 */
export async function textPdf(title: string, pages: number, seed: number): Promise<Uint8Array> {
  const rand = prng(seed);
  const content: Array<{ heading: string; lines: string[] }> = [];
  for (let p = 0; p < pages; p++) {
    const lines: string[] = [];
    for (let y = 712; y > 80; y -= 15) lines.push(sentence(rand, 9 + Math.floor(rand() * 4)).slice(0, 95));
    content.push({ heading: p === 0 ? title : `${title} (continued)`, lines });
  }
  const pdf = await PDFDocument.create();
  const fonts = await createFontSet(pdf, content.map((c) => c.lines.join('')).join(''), {
    boldText: content.map((c) => c.heading).join(''),
  });
  for (const { heading, lines } of content) {
    const page = pdf.addPage(LETTER);
    page.drawText(heading, { x: 72, y: 740, size: 14, font: fonts.bold });
    lines.forEach((line, i) => {
      page.drawText(line, { x: 72, y: 712 - i * 15, size: 10.5, font: fonts.regular });
    });
  }
  return pdf.save();
}

/** A grey "scan": paper noise with dark text-like bars, as JPEG bytes. */
export async function scanJpeg(seed: number, width = 1275, height = 1650): Promise<Uint8Array> {
  const rand = prng(seed);
  const px = Buffer.alloc(width * height);
  for (let i = 0; i < px.length; i++) px[i] = 235 + Math.floor(rand() * 20);
  for (let line = 0; line < 40; line++) {
    const y0 = 120 + line * 36;
    const len = 600 + Math.floor(rand() * 450);
    for (let y = y0; y < y0 + 14 && y < height; y++) {
      for (let x = 120; x < 120 + len; x++)
        if (rand() > 0.35) px[y * width + x] = 30 + Math.floor(rand() * 60);
    }
  }
  return new Uint8Array(
    await sharp(px, { raw: { width, height, channels: 1 } })
      .jpeg({ quality: 70 })
      .toBuffer(),
  );
}

/** A scanned-document PDF: one 150-dpi grey JPEG per Letter page (3 distinct scans cycled). */
export async function scanPdf(pages: number, seed: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const scans = await Promise.all([0, 1, 2].map((i) => scanJpeg(seed * 7 + i)));
  for (let p = 0; p < pages; p++) {
    const img = await pdf.embedJpg(scans[p % 3]!);
    const page = pdf.addPage(LETTER);
    page.drawImage(img, { x: 0, y: 0, width: LETTER[0], height: LETTER[1] });
  }
  return pdf.save();
}

/** A camera photo: smooth gradient with sensor noise, 2400×1800 RGB JPEG. */
export async function photoJpeg(seed: number, width = 2400, height = 1800): Promise<Uint8Array> {
  const rand = prng(seed);
  const px = Buffer.alloc(width * height * 3);
  const [r0, g0, b0] = [rand() * 200, rand() * 200, rand() * 200];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = rand() * 24;
      px[i] = (r0 + (x / width) * 55 + n) | 0;
      px[i + 1] = (g0 + (y / height) * 55 + n) | 0;
      px[i + 2] = (b0 + ((x + y) / (width + height)) * 55 + n) | 0;
    }
  }
  return new Uint8Array(
    await sharp(px, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 82 })
      .toBuffer(),
  );
}
