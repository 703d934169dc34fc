/** A route option's hooks as a list: Fastify takes one hook, an array of them, or none. */
export function hookList<T>(hooks: T | readonly T[] | undefined | null): T[] {
  if (hooks === undefined || hooks === null) return [];
  return Array.isArray(hooks) ? [...(hooks as readonly T[])] : [hooks as T];
}
