import type { Db } from './client.ts';

/**
 * Statements prepared once per database handle (each connection then plans them once): `make` runs the first
 * time `name` is asked for on `db`, and its result is kept as long as the handle lives. For statements whose
 * planning costs about as much as running them (decisions 0041, 0042).
 */
const byDb = new WeakMap<Db, Map<string, unknown>>();
export function preparedOnce<T>(db: Db, name: string, make: () => T): T {
  let kept = byDb.get(db);
  if (!kept) {
    kept = new Map();
    byDb.set(db, kept);
  }
  if (!kept.has(name)) kept.set(name, make());
  return kept.get(name) as T;
}
