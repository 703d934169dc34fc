import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy for fault tests: forwards to a target until `stall()`, after which it keeps every connection
 * open but passes nothing either way (a dependency that stops answering), or `refuse()`, after which it closes
 * new connections at once. `resume()` forwards again.
 */
export class TcpProxy {
  private server: Server | null = null;
  private mode: 'pass' | 'stall' | 'refuse' = 'pass';
  private readonly pairs = new Set<{ client: Socket; upstream: Socket | null }>();
  port = 0;
  /** Chunks a client sent while the proxy stalled (each one a wait the client had to give up on). */
  swallowed = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  private accept(client: Socket): void {
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    this.pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    // A stalled proxy accepts and then says nothing.
    if (this.mode === 'stall') {
      client.on('data', () => this.swallowed++);
      return;
    }
    const upstream = connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (d) => {
      if (this.mode === 'pass') upstream.write(d);
      else this.swallowed++;
    });
    upstream.on('data', (d) => {
      if (this.mode === 'pass') client.write(d);
    });
  }

  /** Stop answering: bytes are swallowed in both directions; connections stay open. */
  stall(): void {
    this.mode = 'stall';
  }

  /** Refuse new connections and drop the open ones. */
  refuse(): void {
    this.mode = 'refuse';
    for (const p of this.pairs) {
      p.client.destroy();
      p.upstream?.destroy();
    }
  }

  /** Forward again; connections that lost bytes while stalled are dropped (their protocol state is gone). */
  resume(): void {
    for (const p of this.pairs) {
      p.client.destroy();
      p.upstream?.destroy();
    }
    this.mode = 'pass';
  }

  async close(): Promise<void> {
    for (const p of this.pairs) {
      p.client.destroy();
      p.upstream?.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
