import type { FastifyBaseLogger } from 'fastify';
import type { AssistantConfig } from '../../config.ts';
import type { AssistantProvider } from './assistant-provider.ts';
import { ConsoleAssistantProvider } from './console.ts';
import { OpenAiCompatibleProvider } from './openai.ts';

/** The configured model, or null when ASSISTANT_PROVIDER=off (every assistant button says it is off). */
export function createAssistantProvider(
  config: AssistantConfig,
  logger: FastifyBaseLogger,
): AssistantProvider | null {
  if (config.provider === 'openai') {
    const provider = new OpenAiCompatibleProvider(config);
    // The host and model only: the key never reaches a log line.
    logger.info({ host: provider.baseUrlHost, model: provider.model }, 'assistant: OpenAI-compatible model');
    return provider;
  }
  if (config.provider === 'console') {
    logger.warn(
      'ASSISTANT_PROVIDER=console: the assistant is a development stand-in that quotes the exhibits',
    );
    return new ConsoleAssistantProvider(config.name, config.model);
  }
  return null;
}

export {
  type AssistantErrorKind,
  type AssistantProvider,
  AssistantProviderError,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type ChatUsage,
} from './assistant-provider.ts';
