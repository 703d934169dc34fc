/**
 * The official blanks shipped with the release (US government works, public domain): the files beside this
 * package in `blanks/`, with their manifest (edition, sha256, source). Server-only entry (`@dossier/forms/blanks`):
 * the web never needs the PDFs.
 */
import manifest from '../blanks/manifest.json' with { type: 'json' };

export interface ShippedBlank {
  form: string;
  edition: string;
  file: string;
  sha256: string;
  bytes: number;
  pages: number;
  encrypted: boolean;
  omb_expires: string | null;
  official_url: string;
  copied_from: string;
  added: string;
}

export const SHIPPED_BLANKS: readonly ShippedBlank[] = manifest.blanks;

/** Directory of the shipped blank files (a `file:` URL ending in '/'). */
export const BLANKS_DIR = new URL('../blanks/', import.meta.url);
