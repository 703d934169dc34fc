import type { FastifyBaseLogger } from 'fastify';
import type { CaseStatusConfig } from '../../config.ts';
import type { CaseStatusProvider } from './case-status.ts';
import { ConsoleCaseStatusProvider } from './console.ts';
import { TorchCaseStatusProvider } from './torch.ts';

/** The configured provider, or null when CASE_STATUS_PROVIDER=off (nothing is polled). */
export function createCaseStatusProvider(
  config: CaseStatusConfig,
  logger: FastifyBaseLogger,
): CaseStatusProvider | null {
  if (config.provider === 'torch') return new TorchCaseStatusProvider(config.torch, config.timeoutMs);
  if (config.provider === 'console') {
    logger.warn('CASE_STATUS_PROVIDER=console: case status is a scripted timeline, USCIS is not asked');
    return new ConsoleCaseStatusProvider();
  }
  return null;
}

export {
  CaseStatusError,
  type CaseStatusErrorKind,
  type CaseStatusProvider,
  type CaseStatusResult,
} from './case-status.ts';
