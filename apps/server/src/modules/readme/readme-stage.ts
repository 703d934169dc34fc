import { createHash } from 'node:crypto';
import { README_PARTS, type ReadmePart } from '@dossier/contract';
import { latestChange, type StageContent } from '../case/stages.service.ts';

/** A part is complete when it has something to do and all of it is done (as the schedule counts it). */
export const partComplete = (c: StageContent) => c.available && c.total > 0 && c.done === c.total;

/**
 * What "I confirm" vouches for (decision 0026): that every part is complete — not the parts' content. So an edit
 * inside a complete part leaves the confirmation standing; while a part is incomplete the checklist is open
 * (the stage is not `submitted`, `confirmed` is false, the packet is refused).
 */
export const README_FINGERPRINT = createHash('sha256').update('readme: every part complete').digest('hex');

/**
 * The schedule's readme stage: five parts (forms, evidence, letters, plan, petition), done = complete ones. A part
 * a standing blocking finding of the case review keeps incomplete (`blocked`, decision 0074) is not done.
 */
export function readmeStageContent(
  parts: Record<ReadmePart, StageContent>,
  blocked: ReadonlySet<ReadmePart> = new Set(),
): StageContent {
  const list = README_PARTS.map((p) => parts[p]);
  return {
    available: true,
    done: README_PARTS.filter((p) => partComplete(parts[p]) && !blocked.has(p)).length,
    total: README_PARTS.length,
    lastChange: latestChange(list.map((c) => c.lastChange)),
    fingerprint: README_FINGERPRINT,
  };
}
