import type { AppContext } from '../../context.ts';
import type { CaseRow } from '../case/case.service.ts';
import { assertReadmeConfirmed, readmeConfirmed as readmeIsConfirmed } from '../readme/readme.gate.ts';

/**
 * The ReadMe gate of the print file (spec §4: generation needs the checklist confirmed). The readme module
 * owns the confirmation (decision 0026); these two are the only places the packet reads it.
 */
export async function packetGate(ctx: AppContext, caseRow: CaseRow): Promise<void> {
  await assertReadmeConfirmed(ctx, caseRow);
}

/** `readme_confirmed` of ZPacket. */
export async function readmeConfirmed(ctx: AppContext, caseRow: CaseRow): Promise<boolean> {
  return readmeIsConfirmed(ctx, caseRow);
}
