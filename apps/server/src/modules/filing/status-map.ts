import type { CaseStatusCode } from '@dossier/contract';

/**
 * USCIS's English status title (Case Status API / the case status page) → the contract's CASE_STATUS_CODES
 * (decision 0079). The first rule that matches wins, so the more specific titles come first ("Response To USCIS'
 * Request For Evidence Was Received" before "Request For Evidence Was Sent", "Card Was Mailed To Me" before
 * "Case Was Approved"). A title no rule knows is `other`: it is still stored and shown word for word.
 */
const RULES: ReadonlyArray<readonly [RegExp, CaseStatusCode]> = [
  [/withdraw/i, 'withdrawn'],
  [/reject/i, 'rejected'],
  [/denied|denial|terminated/i, 'denied'],
  [
    /card (was|is being) (produced|mailed|delivered|picked up|returned)|new card is being produced|card was (sent|mailed)/i,
    'card_produced',
  ],
  [
    /response to (usci?s'?s? )?(request for (initial |additional )?evidence|notice of intent)|rfe response|evidence was received/i,
    'rfe_response_received',
  ],
  [/request for (initial |additional )?evidence|notice of intent to deny/i, 'rfe_sent'],
  [/approv/i, 'approved'],
  [/interview/i, 'interview_scheduled'],
  [/fingerprint|biometric/i, 'fingerprints'],
  [/transferr|relocated|sent to (another|a different)/i, 'transferred'],
  [/received|accepted|case was reopened/i, 'received'],
];

export function mapStatusTitle(title: string): CaseStatusCode {
  const t = title.trim();
  for (const [re, code] of RULES) if (re.test(t)) return code;
  return 'other';
}
