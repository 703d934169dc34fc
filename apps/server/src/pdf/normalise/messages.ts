import type { ContentKind } from './sniff.ts';

export type RefusalCode =
  | 'empty_file'
  | 'too_large'
  | 'password_protected'
  | 'damaged'
  | 'too_many_pixels'
  | 'too_many_pages'
  | 'office_document'
  | 'unsupported_type'
  /** A page whose visible size is absurd (e.g. 3 × 3 pt): nothing on it could be read on paper. */
  | 'page_size';

/** What `too_large` measured: the file's bytes (default), or a budget of decision 0015. */
export type TooLargeReason = 'bytes' | 'image' | 'inflated' | 'objects' | 'annotations';

export interface Bilingual {
  zh: string;
  en: string;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

const OFFICE_ZH: Partial<Record<ContentKind, string>> = {
  docx: 'Word 文档（.docx）',
  xlsx: 'Excel 工作簿（.xlsx）',
  pptx: 'PowerPoint 演示文稿（.pptx）',
  odf: 'OpenDocument 文件',
  ole: '旧版 Office 文档（.doc/.xls/.ppt）',
  rtf: 'RTF 文档',
};

/** The message for a refusal, naming the file, in both languages. */
export function refusalMessage(
  code: RefusalCode,
  filename: string,
  vars: {
    limit?: number;
    actual?: number;
    kind?: string;
    kindZh?: string;
    kindCode?: ContentKind;
    claimed?: string;
    reason?: TooLargeReason;
    /** Image or page size (pixels for images, points for pages), and the page number. */
    width?: number;
    height?: number;
    page?: number;
  } = {},
): Bilingual {
  const f = `“${filename}”`;
  switch (code) {
    case 'empty_file':
      return {
        en: `${f} is empty (0 bytes). Upload the file again.`,
        zh: `${f} 是空文件（0 字节），请重新上传。`,
      };
    case 'too_large':
      if (vars.reason && vars.reason !== 'bytes') return tooLarge(f, vars.reason, vars);
      return {
        en: `${f} is ${mb(vars.actual ?? 0)}, more than the ${mb(vars.limit ?? 0)} allowed per file. Split it or reduce its size (e.g. scan at 300 dpi).`,
        zh: `${f} 大小为 ${mb(vars.actual ?? 0)}，超过单个文件 ${mb(vars.limit ?? 0)} 的上限。请拆分或压缩（例如以 300 dpi 扫描）。`,
      };
    case 'password_protected':
      return {
        en: `${f} is protected with an open password. Save a copy without the password (e.g. print it to PDF) and upload that.`,
        zh: `${f} 设有打开密码。请另存一份无密码的副本（例如“打印为 PDF”）后上传。`,
      };
    case 'damaged':
      return {
        en: `${f} is damaged and could not be repaired${vars.kind ? ` (${vars.kind})` : ''}. Export or scan it again.`,
        zh: `${f} 已损坏且无法修复${vars.kindZh ? `（${vars.kindZh}）` : ''}。请重新导出或扫描。`,
      };
    case 'too_many_pixels':
      return {
        en: `${f} is an image of ${(vars.actual ?? 0) / 1e6 >= 1 ? `${((vars.actual ?? 0) / 1e6).toFixed(0)} megapixels` : `${vars.actual} pixels`}, more than the ${((vars.limit ?? 0) / 1e6).toFixed(0)} megapixels allowed. Reduce its resolution (300 dpi is enough for a document).`,
        zh: `${f} 图像达 ${((vars.actual ?? 0) / 1e6).toFixed(0)} 百万像素，超过 ${((vars.limit ?? 0) / 1e6).toFixed(0)} 百万像素的上限。请降低分辨率（文件扫描 300 dpi 即可）。`,
      };
    case 'too_many_pages':
      return {
        en: `${f} has ${vars.actual} pages, more than the ${vars.limit} allowed. Upload only the pages that matter as evidence.`,
        zh: `${f} 共 ${vars.actual} 页，超过 ${vars.limit} 页的上限。请只上传作为证据所需的页面。`,
      };
    case 'office_document': {
      const named = vars.claimed ? ` (its name says ${vars.claimed})` : '';
      const namedZh = vars.claimed ? `（文件名显示为 ${vars.claimed}）` : '';
      return {
        en: `${f} is a ${vars.kind ?? 'office document'}${named}. Evidence must be a PDF or an image: open it and save or export it as PDF, then upload the PDF.`,
        zh: `${f} 是${OFFICE_ZH[vars.kindCode ?? 'docx'] ?? '办公文档'}${namedZh}。证据须为 PDF 或图片：请打开后“另存为/导出为 PDF”，再上传该 PDF。`,
      };
    }
    case 'page_size': {
      const inch = (pt: number) => (pt / 72).toFixed(pt < 72 ? 2 : 1);
      const size = `${inch(vars.width ?? 0)} × ${inch(vars.height ?? 0)} in`;
      const sizeZh = `${inch(vars.width ?? 0)} × ${inch(vars.height ?? 0)} 英寸`;
      return {
        en: `Page ${vars.page} of ${f} is ${size}: too small or too large to print as evidence (each side must be between 0.5 in and 1,000 in). Export or scan it again at a normal paper size.`,
        zh: `${f} 第 ${vars.page} 页尺寸为 ${sizeZh}，过小或过大，无法作为证据打印（每边须在 0.5 至 1,000 英寸之间）。请按常规纸张尺寸重新导出或扫描。`,
      };
    }
    case 'unsupported_type':
      return {
        en: `${f} is not a PDF or a supported image (${vars.kind ?? 'unknown type'}). Upload a PDF, JPEG, PNG, TIFF, HEIC, BMP, GIF or WebP file.`,
        zh: `${f} 不是 PDF 或受支持的图片格式（${vars.kindZh ?? vars.kind ?? '未知类型'}）。请上传 PDF、JPEG、PNG、TIFF、HEIC、BMP、GIF 或 WebP 文件。`,
      };
  }
}

/** `too_large` for what a file expands to, rather than its size on disk. */
function tooLarge(
  f: string,
  reason: Exclude<TooLargeReason, 'bytes'>,
  vars: { actual?: number; limit?: number; width?: number; height?: number },
): Bilingual {
  const actual = vars.actual ?? 0;
  const limit = vars.limit ?? 0;
  switch (reason) {
    case 'image':
      return {
        en: `${f} contains an image of ${vars.width} × ${vars.height} pixels that needs ${mb(actual)} of memory to display, more than the ${mb(limit)} allowed. Scan or export it at a lower resolution (300 dpi is enough for a document).`,
        zh: `${f} 含有一张 ${vars.width} × ${vars.height} 像素的图像，显示时需要 ${mb(actual)} 内存，超过 ${mb(limit)} 的上限。请以较低分辨率重新扫描或导出（文件扫描 300 dpi 即可）。`,
      };
    case 'inflated':
      return {
        en: `${f} expands to more than ${mb(limit)} when opened (its compressed content is far larger than the file). Print it to PDF again or export it from the original program, then upload that.`,
        zh: `${f} 打开时解压后超过 ${mb(limit)}（压缩内容远大于文件本身）。请重新“打印为 PDF”或从原程序重新导出后上传。`,
      };
    case 'objects':
      return {
        en: `${f} is too complex to process: it has more than the ${limit.toLocaleString('en-US')} internal objects allowed. Print it to PDF again or split it, then upload that.`,
        zh: `${f} 结构过于复杂，无法处理：内部对象超过 ${limit} 个的上限。请重新“打印为 PDF”或拆分后上传。`,
      };
    case 'annotations':
      return {
        en: `${f} has ${actual.toLocaleString('en-US')} printable comments or marks (annotations), more than the ${limit.toLocaleString('en-US')} allowed. Print it to PDF (this flattens them into the page) and upload that.`,
        zh: `${f} 含有 ${actual} 个可打印的批注或标记，超过 ${limit} 个的上限。请“打印为 PDF”（批注会并入页面）后上传。`,
      };
  }
}
