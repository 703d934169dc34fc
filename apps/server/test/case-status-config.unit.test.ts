import { describe, expect, it } from 'vitest';
import { loadConfig, notProductionSafe } from '../src/config.ts';
import { createCaseStatusProvider } from '../src/providers/case-status/index.ts';
import { TORCH_BASE_URLS } from '../src/providers/case-status/torch.ts';
import { productionEnv } from './production-env.ts';

const production = productionEnv;
const silent = { warn: () => {} } as unknown as Parameters<typeof createCaseStatusProvider>[1];

describe('case status configuration', () => {
  it('is off by default, with the API limits as defaults', () => {
    const c = loadConfig({}).caseStatus;
    expect(c).toEqual({
      provider: 'off',
      torch: { env: 'sandbox', baseUrl: '', clientId: '', clientSecret: '' },
      timeoutMs: 10_000,
      perSecond: 10,
      perDay: 10_000,
      tickSeconds: 60,
      repollSeconds: 21_600,
    });
    expect(createCaseStatusProvider(c, silent)).toBeNull();
  });

  it('refuses the console provider in production like the other dev providers, allows it in demo mode', () => {
    expect(() => loadConfig({ ...production(), CASE_STATUS_PROVIDER: 'console' })).toThrow(
      /CASE_STATUS_PROVIDER: CASE_STATUS_PROVIDER=console .* refused when NODE_ENV=production: choose torch/,
    );
    const demo = loadConfig({ ...production(), CASE_STATUS_PROVIDER: 'console', INSECURE_DEMO_MODE: 'true' });
    expect(createCaseStatusProvider(demo.caseStatus, silent)?.name).toBe('console');
    expect(notProductionSafe(demo)).toContain(
      'CASE_STATUS_PROVIDER=console: case statuses are a scripted timeline, USCIS is not asked',
    );
    expect(notProductionSafe(loadConfig(production()))).toEqual([]);
  });

  it('requires the Torch credentials with the torch provider', () => {
    expect(() => loadConfig({ CASE_STATUS_PROVIDER: 'torch' })).toThrow(
      /TORCH_CLIENT_ID: TORCH_CLIENT_ID is required with CASE_STATUS_PROVIDER=torch[\s\S]*TORCH_CLIENT_SECRET: TORCH_CLIENT_SECRET is required/,
    );
    expect(() =>
      loadConfig({ ...production(), CASE_STATUS_PROVIDER: 'torch', TORCH_CLIENT_ID: 'id' }),
    ).toThrow(/TORCH_CLIENT_SECRET is required/);
    const c = loadConfig({
      ...production(),
      CASE_STATUS_PROVIDER: 'torch',
      TORCH_ENV: 'production',
      TORCH_CLIENT_ID: 'id',
      TORCH_CLIENT_SECRET: 'secret',
    });
    expect(c.caseStatus.torch).toEqual({
      env: 'production',
      baseUrl: '',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(createCaseStatusProvider(c.caseStatus, silent)?.name).toBe('torch');
    expect(notProductionSafe(c)).toEqual([]);
    expect(TORCH_BASE_URLS).toEqual({
      sandbox: 'https://api-int.uscis.gov',
      production: 'https://api.uscis.gov',
    });
  });

  it.each([
    ['CASE_STATUS_PROVIDER', 'uscis'],
    ['TORCH_ENV', 'staging'],
    ['TORCH_BASE_URL', 'not a url'],
    ['CASE_STATUS_TIMEOUT_MS', '0'],
    ['CASE_STATUS_TIMEOUT_MS', '120001'],
    ['CASE_STATUS_PER_SECOND', '0'],
    ['CASE_STATUS_PER_SECOND', '1001'],
    ['CASE_STATUS_PER_DAY', '0'],
    ['CASE_STATUS_PER_DAY', '10000001'],
    ['CASE_STATUS_TICK_SECONDS', '3601'],
    ['CASE_STATUS_REPOLL_SECONDS', '86401'],
    ['CASE_STATUS_REPOLL_SECONDS', '1.5'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads every bound', () => {
    const c = loadConfig({
      CASE_STATUS_PROVIDER: 'console',
      TORCH_BASE_URL: 'http://127.0.0.1:9/',
      CASE_STATUS_TIMEOUT_MS: '2500',
      CASE_STATUS_PER_SECOND: '5',
      CASE_STATUS_PER_DAY: '1000',
      CASE_STATUS_TICK_SECONDS: '30',
      CASE_STATUS_REPOLL_SECONDS: '86400',
    }).caseStatus;
    expect(c).toMatchObject({
      provider: 'console',
      torch: { baseUrl: 'http://127.0.0.1:9/' },
      timeoutMs: 2500,
      perSecond: 5,
      perDay: 1000,
      tickSeconds: 30,
      repollSeconds: 86_400,
    });
  });
});
