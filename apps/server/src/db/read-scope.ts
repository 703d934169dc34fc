import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One read per operation (decision 0089). A print-file request and its build each read the same case rows from
 * several modules (the checklist's parts, the case review, the plan, the numbering): up to six reads of the same
 * documents, folders and letters in one "Generate again". Inside `withReadScope`, a reader wrapped in `scopedRead`
 * answers the first read's promise to every later caller with the same key; outside a scope it reads every time.
 *
 * Only operations that write no case data inside the scope use it (the packet request and the packet build), and
 * callers treat what they get as read-only (they copy before sorting), so a shared answer is the answer a second
 * read would give.
 */
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

export function withReadScope<T>(operation: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), operation);
}

/** Runs `operation` in the caller's read scope (sharing its reads), or in a new one when the caller has none. */
export function inSomeReadScope<T>(operation: () => Promise<T>): Promise<T> {
  return scope.getStore() ? operation() : withReadScope(operation);
}

/** Whether this call runs inside `withReadScope` (a reader may then read a superset once and answer from it). */
export function inReadScope(): boolean {
  return scope.getStore() !== undefined;
}

export function scopedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.set(key, answer);
    // A failed read is not kept: the next caller reads again.
    answer.catch(() => memo.delete(key));
  }
  return answer;
}
