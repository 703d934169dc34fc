import type { FeeSchedule, Locale, TLetterDocument, WhereToFileTable } from '@dossier/contract';
import type { Rect } from './content-bbox.ts';

/** A TipTap/ProseMirror document (schema: packages/contract/src/document.ts). */
export type LetterDoc = TLetterDocument;

/** `ETA-9089`: the signed Form ETA-9089 an NIW petition includes, as the customer uploaded it (decision 0060). */
export type FormKey = 'G-1145' | 'G-1450' | 'G-1650' | 'I-140' | 'I-907' | 'ETA-9089';

/**
 * A filled form. A payment form (G-1450/G-1650) may be given once per payment, in payment order (the I-140 fee,
 * then the I-907 fee, each its own payment); given once, that copy is placed for every payment.
 */
export interface PacketForm {
  key: FormKey;
  /** Filled and flattened PDF; null when the official blank is not available (the cover sheet says so). */
  pdf: Uint8Array | null;
  /** Where the petitioner signs by hand, shown on the cover sheet (e.g. "Part 7, item 1.a, page 7"). */
  signHere?: string;
  /**
   * A payment form with no published edition (pdf null): the "fill by hand" page placed instead, listing every
   * value to copy (issue 30 item 4; by-hand-page.ts).
   */
  byHand?: ByHandSheet;
}

/** What the "fill by hand" page of a payment form lists (English, as printed on the form). */
export interface ByHandSheet {
  form: string;
  /** Where the current blank is published. */
  url: string;
  /** The filing date the edition was looked up for (YYYY-MM-DD). */
  date: string;
  /** The payment this copy authorises: its amount ("$715") and fee. */
  payment?: { amount: string; fee: string };
  /** The form's parts with each item's label and value; a null value is left for the hand (card, bank details). */
  parts: Array<{ title: string; rows: Array<{ label: string; value: string | null }> }>;
}

/** An English translation and who made it (the certificate page follows it in the packet). */
export interface PacketTranslation {
  pdf: Uint8Array;
  translator: { name: string; address: string };
  /** The original's language, in English (e.g. "Chinese"). */
  fromLanguage: string;
}

export interface PacketExhibit {
  /** Stable id that letters reference (`folder:<id>`). */
  id: string;
  /**
   * Its exhibit number, from the case's one numbering (modules/numbering): the assembler prints it on the tab, the
   * stamps, the exhibit list, the bookmarks, the cover and every reference; it never numbers by position.
   */
  number: number;
  title: string;
  /** Normalised original (see pdf/normalise). */
  original: Uint8Array;
  /** English translation of a non-English original, with its translator for the certificate. */
  translation?: PacketTranslation;
  /** The exhibit's parts in order (evidence files of a folder, `file:<id>`) and their numbers ("N.M"). */
  parts?: Array<{ id: string; number: string }>;
  /**
   * The criterion (or the background group) it supports, as the exhibit list heads its group (issue 30 item 2):
   * `key` groups, `title` and `citation` (8 CFR 204.5(h)(3)(i)…; contract CRITERION_REGULATION) are printed.
   */
  group?: ExhibitGroup;
  /** One line under its title on the exhibit list (the folder's description). */
  description?: string;
}

export interface ExhibitGroup {
  key: string;
  title: string;
  citation: string;
}

export interface PacketLetter {
  id: string;
  /** Its letter number, from the case's one numbering. */
  number: number;
  recommender: string;
  pdf: Uint8Array;
  /** English translation of a non-English letter (8 CFR 103.2(b)(3): with the translator's certificate). */
  translation?: PacketTranslation;
  /** The recommender's title (and institution, as the customer wrote it), for the letter's separator page. */
  jobTitle?: string;
  /** Independent expert (true) or collaborator (false); absent when not known. */
  independent?: boolean;
  /** The recommender's CV (résumé upload), placed after the letter, with its translation and certificate. */
  cv?: { pdf: Uint8Array; translation?: PacketTranslation };
}

export interface PacketInput {
  /** Language of the cover sheet (for the petitioner); everything USCIS reads is in English. */
  locale: Locale;
  category: 'EB1A' | 'NIW';
  petitionerName: string;
  /** Planned postmark date (YYYY-MM-DD): picks fees from the dated fee table. */
  filingDate: string;
  /** The fee table in force and its check date (the shipped one when absent). */
  fees?: { schedule: FeeSchedule; checked: string };
  premium: boolean;
  /** Payment form used for every fee: G-1450 (card) or G-1650 (ACH); never mixed. */
  payment: 'G-1450' | 'G-1650';
  forms: PacketForm[];
  petitionLetter: LetterDoc;
  exhibits: PacketExhibit[];
  letters: PacketLetter[];
  /**
   * The petitioner's name as exhibits print it (name-marks.ts `nameVariants`), when the customer asked for it to
   * be highlighted: marked on every exhibit page whose text layer shows it (issue 30 item 8).
   */
  highlightName?: string[];
  plan: {
    doc: LetterDoc;
    attachments: Array<{ title: string; number: number; pdf: Uint8Array; translation?: PacketTranslation }>;
  };
  /**
   * What decides the one filing address (decision 0067): the state where the beneficiary will work (I-140 Part 6
   * item 9.d), the petitioner's U.S. state (Part 1 item 3.e), and the where-to-file versions (shipped ones when
   * absent); the version in force on `filingDate` applies.
   */
  whereToFile?: { workState?: string | null; homeState?: string | null; tables?: WhereToFileTable[] };
  /** The petitioner's mailing address and contact, for the cover letter to USCIS. */
  contact?: { address?: string; email?: string; phone?: string };
}

/**
 * Returns the cached layout for `key` (a document and the numbering it was laid out with), or lays it out, stores
 * and returns it (the packet job's letter cache; decision 0044).
 */
export type LayoutCache = (
  key: string,
  layout: () => import('../letter/render-letter.ts').LaidOutLetter,
) => Promise<import('../letter/render-letter.ts').LaidOutLetter>;

/**
 * What each page of an input PDF paints, as the stamps' fitting read it (`contentMarks`, decision 0025), keyed by
 * the sha-256 of the input's bytes: an unchanged input is not read again (decision 0043). `load` gives what the
 * last build kept; `save` gets what this build used, so entries of inputs no longer in the case drop out.
 */
export interface MarksCache {
  load(): Promise<Map<string, Rect[][]>>;
  save(marks: Map<string, Rect[][]>): Promise<void>;
}

export type PacketStage = 'render' | 'assemble' | 'stamp' | 'save';
export type ProgressFn = (done: number, stage: PacketStage) => void;

export interface PacketSection {
  title: string;
  firstPage: number;
  pageCount: number;
  children?: PacketSection[];
}

export interface PacketResult {
  /** The file as written: chunks (the inputs' stream data are views into them, not copies) and their length. */
  chunks: Uint8Array[];
  size: number;
  /** The chunks joined (on first use: storing the file needs only the chunks). */
  readonly bytes: Uint8Array;
  pageCount: number;
  sections: PacketSection[];
  /** The bookmarks as written (`packetOutline` of the sections). */
  outline: import('./outline.ts').OutlineNode[];
  /** Exhibit number → [first page, page count] in the packet (1-based pages). */
  exhibitPages: Map<string, { n: number; firstPage: number; pageCount: number }>;
  /**
   * Each recommendation letter (separator, letter, translation, CV) → its pages (1-based), stamped like an
   * exhibit's (issue 30 item 6). Optional so results built before it still type-check.
   */
  letterPages?: Map<string, { n: number; firstPage: number; pageCount: number }>;
  /**
   * The official forms' pages (1-based ranges): left without a packet stamp, as practitioners leave them
   * (issue 30 item 7); they still count in "Page X of Y" (decision 0068).
   */
  formPages?: Array<{ firstPage: number; pageCount: number }>;
  missingForms: FormKey[];
  /**
   * Pages (1-based, in the packet) whose content reached under a stamp and was scaled down, centred, to clear
   * it (decision 0025). Optional so results built before it still type-check.
   */
  scaledPages?: number[];
  /** Milliseconds per phase (render_letter, copy, stamp, save, …), for the job log and the benchmark. */
  timings: Record<string, number>;
}
