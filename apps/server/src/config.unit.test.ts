import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.services).toEqual(['api', 'worker']);
    expect(c.nodeEnv).toBe('development');
  });

  it('parses SERVICES and DATABASE_URL', () => {
    const c = loadConfig({ SERVICES: 'worker', DATABASE_URL: 'postgres://u@h:5432/db', PORT: '8080' });
    expect(c.services).toEqual(['worker']);
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.port).toBe(8080);
  });

  it('refuses an invalid environment with every problem named', () => {
    expect(() => loadConfig({ PORT: 'x', SERVICES: 'web', DATABASE_URL: 'mysql://h/db' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'x', SERVICES: 'web', DATABASE_URL: 'mysql://h/db' });
    } catch (e) {
      expect(String((e as Error).message)).toMatch(/PORT/);
      expect(String((e as Error).message)).toMatch(/SERVICES/);
      expect(String((e as Error).message)).toMatch(/DATABASE_URL/);
    }
  });
});
