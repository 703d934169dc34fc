import type { AppContext } from '../../context.ts';
import type { CaseRow } from '../case/case.service.ts';

/**
 * The ReadMe gate of the print file (spec §4: generation needs the checklist confirmed). The readme module
 * (another branch) owns the confirmation; these two are the only places that read it.
 */
export async function packetGate(_ctx: AppContext, _caseRow: CaseRow): Promise<void> {
  // merge: call assertReadmeConfirmed(ctx, caseRow) (modules/readme/readme.gate.ts) — 409 readme_not_confirmed
}

/** `readme_confirmed` of ZPacket. */
export async function readmeConfirmed(_ctx: AppContext, _caseRow: CaseRow): Promise<boolean> {
  // merge: return the readme module's confirmed state (the same check assertReadmeConfirmed makes)
  return true;
}
