/**
 * A number per object, by identity, for the keys of the process's memories: a database handle (review-texts.ts: the
 * same upload id in two databases), a table read again (case-summary-cache.ts: a new object, a new number).
 */
const ids = new WeakMap<object, number>();
let lastId = 0;

export function objectId(o: object): number {
  let id = ids.get(o);
  if (id === undefined) {
    id = ++lastId;
    ids.set(o, id);
  }
  return id;
}
