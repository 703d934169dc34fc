import { describe, expect, it } from 'vitest';
import { loadConfig, notProductionSafe } from '../src/config.ts';
import { ConsoleAssistantProvider } from '../src/providers/assistant/console.ts';
import { createAssistantProvider } from '../src/providers/assistant/index.ts';
import { OpenAiCompatibleProvider } from '../src/providers/assistant/openai.ts';
import { productionEnv } from './production-env.ts';

const production = productionEnv;
const logged: Array<[string, unknown]> = [];
const logger = {
  info: (o: unknown, m?: string) => logged.push([m ?? String(o), o]),
  warn: (o: unknown, m?: string) => logged.push([m ?? String(o), o]),
} as unknown as Parameters<typeof createAssistantProvider>[1];

describe('assistant configuration (decision 0083)', () => {
  it('is off by default: no provider, the default quotas', () => {
    const c = loadConfig({}).assistant;
    expect(c).toMatchObject({
      provider: 'off',
      timeoutMs: 90_000,
      idleTimeoutMs: 20_000,
      maxTokens: 4000,
      dailyTokens: 60_000,
      dailyRequests: 40,
      dailyBudgetTokens: 3_000_000,
    });
    expect(createAssistantProvider(c, logger)).toBeNull();
  });

  it('openai requires the base URL and the model; the key may be empty (Ollama, vLLM)', () => {
    expect(() => loadConfig({ ASSISTANT_PROVIDER: 'openai' })).toThrow(
      /ASSISTANT_BASE_URL: ASSISTANT_BASE_URL is required with ASSISTANT_PROVIDER=openai[\s\S]*ASSISTANT_MODEL: ASSISTANT_MODEL is required/,
    );
    expect(() =>
      loadConfig({ ASSISTANT_PROVIDER: 'openai', ASSISTANT_BASE_URL: 'http://127.0.0.1:11434/v1' }),
    ).toThrow(/ASSISTANT_MODEL is required/);
    const c = loadConfig({
      ...production(),
      ASSISTANT_PROVIDER: 'openai',
      ASSISTANT_BASE_URL: 'https://api.deepseek.com/v1',
      ASSISTANT_API_KEY: 'sk-secret-in-config',
      ASSISTANT_MODEL: 'deepseek-chat',
      ASSISTANT_NAME: 'DeepSeek',
    }).assistant;
    logged.length = 0;
    const p = createAssistantProvider(c, logger);
    expect(p).toBeInstanceOf(OpenAiCompatibleProvider);
    expect([p?.name, p?.model, p?.baseUrlHost]).toEqual(['DeepSeek', 'deepseek-chat', 'api.deepseek.com']);
    // What is logged at start names the host and model, never the key.
    expect(JSON.stringify(logged)).toContain('api.deepseek.com');
    expect(JSON.stringify(logged)).not.toContain('sk-secret-in-config');
  });

  it('refuses the console model in production, allows it in demo mode', () => {
    expect(() => loadConfig({ ...production(), ASSISTANT_PROVIDER: 'console' })).toThrow(
      /ASSISTANT_PROVIDER: ASSISTANT_PROVIDER=console .* refused when NODE_ENV=production/,
    );
    const demo = loadConfig({ ...production(), ASSISTANT_PROVIDER: 'console', INSECURE_DEMO_MODE: 'true' });
    const p = createAssistantProvider(demo.assistant, logger);
    expect(p).toBeInstanceOf(ConsoleAssistantProvider);
    expect([p?.name, p?.model]).toEqual(['Dossier console', 'dossier-console']);
    // The start banner names it like the other dev providers.
    expect(notProductionSafe(demo)).toContain(
      'ASSISTANT_PROVIDER=console: the writing assistant is a development model, no AI model is asked',
    );
  });

  it.each([
    ['ASSISTANT_PROVIDER', 'anthropic'],
    ['ASSISTANT_BASE_URL', 'not a url'],
    ['ASSISTANT_TIMEOUT_MS', '999'],
    ['ASSISTANT_IDLE_TIMEOUT_MS', '300001'],
    ['ASSISTANT_MAX_TOKENS', '32001'],
    ['ASSISTANT_DAILY_TOKENS', '-1'],
    ['ASSISTANT_DAILY_REQUESTS', '1.5'],
    ['ASSISTANT_DAILY_BUDGET_TOKENS', '2000000001'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
