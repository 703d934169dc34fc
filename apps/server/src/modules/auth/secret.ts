import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The key that signs access tokens and keys the code/captcha HMACs: AUTH_SECRET, or a random secret
 * generated once and kept in DATA_DIR/secret (mode 0600) for the embedded single-process setup.
 * (config.ts refuses DATABASE_URL without AUTH_SECRET: several nodes must share the key.)
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): Buffer {
  if (config.authSecret) return Buffer.from(config.authSecret, 'utf8');
  const path = join(config.dataDir, 'secret');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const value = readFileSync(path, 'utf8').trim();
  if (value.length < 32)
    throw new Error(`${path} is damaged (shorter than 32 characters); delete it to generate a new one`);
  return Buffer.from(value, 'utf8');
}
