import type { AppContext } from '../context.ts';
import {
  newPollState,
  type PollSettings,
  type PollState,
  runStatusPoll,
} from '../modules/filing/status-poll.ts';
import type { CaseStatusProvider } from '../providers/case-status/case-status.ts';
import { CASE_STATUS_POLL_JOB, CASE_STATUS_POLL_SINGLETON, caseStatusCron } from './case-status-poll.job.ts';

/** This process's pause (after a 429) and recent call starts, per app context. */
const states = new WeakMap<AppContext, PollState>();

/** The provider and settings of the deployment (context `caseStatus`, config `caseStatus`); provider null = off. */
export function caseStatusSetup(ctx: AppContext): {
  provider: CaseStatusProvider | null;
  settings: PollSettings;
} {
  return { provider: ctx.caseStatus ?? null, settings: ctx.config.caseStatus };
}

export async function runCaseStatusTick(ctx: AppContext): Promise<void> {
  const setup = caseStatusSetup(ctx);
  try {
    if (!setup.provider) return;
    let state = states.get(ctx);
    if (!state) {
      state = newPollState();
      states.set(ctx, state);
    }
    const r = await runStatusPoll(ctx, { provider: setup.provider, settings: setup.settings, state });
    if (r.calls > 0 || r.stoppedBy) ctx.logger.info(r, 'case status poll');
  } finally {
    if (setup.provider && caseStatusCron(setup.settings.tickSeconds) === null) {
      await ctx.jobs.send(
        CASE_STATUS_POLL_JOB,
        {},
        { startAfter: setup.settings.tickSeconds, singletonKey: CASE_STATUS_POLL_SINGLETON },
      );
    }
  }
}
