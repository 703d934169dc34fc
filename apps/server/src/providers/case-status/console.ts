import type { CaseStatusProvider, CaseStatusResult } from './case-status.ts';

/**
 * Development provider: no network. Each receipt plays a script, one step further on every call (kept in memory
 * per process; the last step repeats). The script is chosen by the receipt's last digit:
 * even → Received → Approved; odd → Received → RFE sent → RFE response received → Approved.
 * Dates: the first step is dated the day of the first call, each later step one week after the previous one.
 */
export interface ScriptStep {
  title: string;
  description: (receipt: string, formType: string, date: string) => string;
}

const usDate = (iso: string): string =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

const RECEIVED: ScriptStep = {
  title: 'Case Was Received',
  description: (r, f, d) =>
    `On ${usDate(d)}, we received your Form ${f}, Immigrant Petition for Alien Workers, Receipt Number ${r}, and sent you the receipt notice that describes how we will process your case. Please follow the instructions in the notice. If you move, go to www.uscis.gov/addresschange to give us your new mailing address.`,
};
const RFE_SENT: ScriptStep = {
  title: 'Request for Additional Evidence Was Sent',
  description: (r, f, d) =>
    `On ${usDate(d)}, we sent a request for additional evidence for your Form ${f}, Immigrant Petition for Alien Workers, Receipt Number ${r}. The request for evidence explains what we need from you. We will not take action on your case until we receive the evidence or the deadline to submit it expires. Please follow the instructions in the request for evidence.`,
};
const RFE_RESPONSE: ScriptStep = {
  title: "Response To USCIS' Request For Evidence Was Received",
  description: (r, f, d) =>
    `On ${usDate(d)}, we received your response to our Request for Evidence for your Form ${f}, Immigrant Petition for Alien Workers, Receipt Number ${r}. USCIS has begun working on your case again. We will send you a decision or notify you if we need something from you.`,
};
const APPROVED: ScriptStep = {
  title: 'Case Was Approved',
  description: (r, f, d) =>
    `On ${usDate(d)}, we approved your Form ${f}, Immigrant Petition for Alien Workers, Receipt Number ${r}. We sent you an approval notice. Please follow the instructions in the notice. If you move, go to www.uscis.gov/addresschange to give us your new mailing address.`,
};

export const CONSOLE_SCRIPTS = {
  even: [RECEIVED, APPROVED],
  odd: [RECEIVED, RFE_SENT, RFE_RESPONSE, APPROVED],
} as const;

/** The script a receipt plays (its last digit: even or odd). */
export function consoleScript(receiptNumber: string): readonly ScriptStep[] {
  const last = Number(receiptNumber.at(-1));
  return Number.isInteger(last) && last % 2 === 1 ? CONSOLE_SCRIPTS.odd : CONSOLE_SCRIPTS.even;
}

const DAY_MS = 86_400_000;

export class ConsoleCaseStatusProvider implements CaseStatusProvider {
  readonly name = 'console' as const;
  private readonly progress = new Map<string, { calls: number; startMs: number }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async status(receiptNumber: string, signal?: AbortSignal): Promise<CaseStatusResult> {
    signal?.throwIfAborted();
    const receipt = receiptNumber.toUpperCase();
    const seen = this.progress.get(receipt) ?? { calls: 0, startMs: this.now().getTime() };
    seen.calls += 1;
    this.progress.set(receipt, seen);
    const script = consoleScript(receipt);
    const at = Math.min(seen.calls, script.length) - 1;
    const dateOf = (i: number) => new Date(seen.startMs + i * 7 * DAY_MS).toISOString().slice(0, 10);
    const formType = 'I-140';
    const step = script[at]!;
    return {
      receiptNumber: receipt,
      formType,
      title: step.title,
      description: step.description(receipt, formType, dateOf(at)),
      modifiedOn: dateOf(at),
      history: script.slice(0, at).map((s, i) => ({ title: s.title, date: dateOf(i) })),
    };
  }
}
