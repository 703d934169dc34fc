import type { Locale } from '@dossier/contract';
import { translate } from '@dossier/i18n';

export interface ChecklistInput {
  findings: Array<{ position: number; answered: boolean }>;
  daysLeft: number;
  /** The response letter has text (documents kind `rfe_response`). */
  letterWritten: boolean;
  noticeUploaded: boolean;
  /** New exhibits (not in the filed packet) and their pages (0 = nothing uploaded). */
  /** New exhibits: `label` in the reader's language ("证据 4" / "Exhibit 4"). */
  newExhibits: Array<{ number: number; label: string; pages: number }>;
}

export interface Check {
  key: string;
  ok: boolean;
  label: string;
}

/**
 * The response checklist (decision 0077), in the caller's language: every finding answered, the due date not passed,
 * the letter written, the notice uploaded, new exhibits with files, and the petitioner's signature (a reminder,
 * never ticked by the server).
 */
export function rfeChecklist(locale: Locale, input: ChecklistInput): Check[] {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `rfe:server.check.${key}`, vars);
  const checks: Check[] = [];
  if (input.findings.length === 0) checks.push({ key: 'findings', ok: false, label: t('findings_none') });
  for (const f of input.findings) {
    checks.push({
      key: `finding:${f.position}`,
      ok: f.answered,
      label: t('finding_answered', { n: f.position }),
    });
  }
  checks.push({
    key: 'due_date',
    ok: input.daysLeft >= 0,
    label:
      input.daysLeft >= 0
        ? t('due_in', { days: input.daysLeft })
        : t('due_passed', { days: -input.daysLeft }),
  });
  checks.push({ key: 'letter', ok: input.letterWritten, label: t('letter') });
  checks.push({ key: 'notice', ok: input.noticeUploaded, label: t('notice') });
  for (const e of input.newExhibits) {
    checks.push({ key: `files:${e.number}`, ok: e.pages > 0, label: t('exhibit_files', { label: e.label }) });
  }
  checks.push({ key: 'signature', ok: false, label: t('signature') });
  return checks;
}
