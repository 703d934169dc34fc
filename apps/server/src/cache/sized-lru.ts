/** Values kept in this process up to a total size, the least recently used dropped first. */
export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: V, size: number): void {
    if (size > this.max) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.size;
    }
    while (this.total + size > this.max) {
      const [oldest, gone] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.total -= gone.size;
    }
    this.entries.set(key, { value, size });
    this.total += size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
