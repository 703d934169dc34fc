import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import { BackupError, type BackupManifest, writeBackup } from './backup.ts';

/**
 * The local control socket of an embedded-database server (`DATA_DIR/control.sock`, mode 0600): how
 * `npm run backup` asks the running server for a consistent backup (only the process that holds PGlite can
 * dump it), and how `npm run restore` knows a server is still running. Reachable only by the user who owns
 * DATA_DIR; one JSON line in, one JSON line out.
 */

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

type Request = { op: 'backup'; target: string } | { op: 'ping' };
type Reply = { ok: true; manifest?: BackupManifest } | { ok: false; error: string };

export async function serveControl(opts: { db: Database; dataDir: string }): Promise<Server> {
  const path = controlSocketPath(opts.dataDir);
  // A socket file left by a process that died: the data-directory lock already proves nobody else serves it.
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', async (chunk) => {
      input += chunk;
      if (!input.includes('\n')) return;
      let reply: Reply;
      try {
        const req = JSON.parse(input.slice(0, input.indexOf('\n'))) as Request;
        if (req.op === 'ping') reply = { ok: true };
        else if (req.op === 'backup' && typeof req.target === 'string')
          reply = {
            ok: true,
            manifest: await writeBackup({ db: opts.db, dataDir: opts.dataDir, target: req.target }),
          };
        else reply = { ok: false, error: 'unknown request' };
      } catch (e) {
        reply = {
          ok: false,
          error: e instanceof BackupError ? e.message : `backup failed: ${(e as Error).message}`,
        };
      }
      socket.end(`${JSON.stringify(reply)}\n`);
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  server.on('close', () => rmSync(path, { force: true }));
  return server;
}

/**
 * Sends one request to the server of `dataDir`. `null` when no server listens there (no socket, or a stale
 * one); rejects on a server's refusal. `timeoutMs` bounds the whole exchange.
 */
export function askServer(dataDir: string, req: Request, timeoutMs: number): Promise<Reply | null> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new BackupError(`the server at ${dataDir} did not answer within ${Math.round(timeoutMs / 1000)} s`),
      );
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(req)}\n`));
    socket.on('data', (c) => {
      out += c;
    });
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out) as Reply);
      } catch {
        reject(new BackupError('the server sent an unreadable answer'));
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (e.code === 'ECONNREFUSED' || e.code === 'ENOENT') resolve(null);
      else reject(e);
    });
  });
}
