import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpMailProvider } from '../src/providers/mail/smtp.ts';

/**
 * The SMTP provider against an SMTP server on loopback, built here on node:net: it speaks enough SMTP (greeting,
 * EHLO, MAIL FROM, RCPT TO, DATA, QUIT) to receive one message, and records the envelope and the data. A second
 * server accepts and never greets: the provider gives up with its own timeout instead of hanging.
 */
interface Received {
  from: string;
  to: string[];
  data: string;
}

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(onSocket: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onSocket(socket);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

/** A minimal SMTP server: each message it receives is handed to `received`. */
function smtpServer(received: (message: Received) => void): Promise<number> {
  return listen((socket) => {
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    say('220 loopback ESMTP test');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 5);
          inData = false;
          received(current);
          current = { from: '', to: [], data: '' };
          say('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-loopback\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') say('250 loopback');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          say('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') say('250 ok');
        else say('502 not implemented');
      }
    });
  });
}

/** The message's headers (unfolded, names lower-cased) and its body. */
function parse(data: string): { headers: Record<string, string>; body: string } {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: data.slice(split + 4) };
}

describe('SMTP provider against a loopback SMTP server', () => {
  it('delivers the envelope, the headers and the body as given', async () => {
    const messages: Received[] = [];
    const port = await smtpServer((m) => messages.push(m));
    const mail = new SmtpMailProvider(`smtp://127.0.0.1:${port}`, 'Dossier <no-reply@dossier.test>');
    try {
      await mail.send({
        to: 'applicant@example.org',
        subject: 'Your code: 123456',
        text: 'Your sign-in code is 123456.\nIt expires in 10 minutes.',
      });
    } finally {
      mail.close();
    }
    expect(messages).toHaveLength(1);
    const [m] = messages;
    expect(m!.from).toBe('no-reply@dossier.test');
    expect(m!.to).toEqual(['applicant@example.org']);
    const { headers, body } = parse(m!.data);
    expect(headers.from).toBe('Dossier <no-reply@dossier.test>');
    expect(headers.to).toBe('applicant@example.org');
    expect(headers.subject).toBe('Your code: 123456');
    expect(headers['content-type']).toMatch(/^text\/plain/);
    expect(body.replace(/\r\n$/, '')).toBe('Your sign-in code is 123456.\r\nIt expires in 10 minutes.');
  });

  it('encodes a Chinese subject and body and they decode to what was sent', async () => {
    const messages: Received[] = [];
    const port = await smtpServer((m) => messages.push(m));
    const mail = new SmtpMailProvider(`smtp://127.0.0.1:${port}`, 'Dossier <no-reply@dossier.test>');
    try {
      await mail.send({ to: 'a@example.org', subject: '您的验证码', text: '验证码 654321，10 分钟内有效。' });
    } finally {
      mail.close();
    }
    const { headers, body } = parse(messages[0]!.data);
    const words = [...headers.subject!.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)].map(([, enc, text]) =>
      enc!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(
            text!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ),
    );
    expect(Buffer.concat(words).toString('utf8')).toBe('您的验证码');
    const encoding = headers['content-transfer-encoding'];
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8');
    expect(decoded.replace(/\r\n$/, '')).toBe('验证码 654321，10 分钟内有效。');
  });

  it('gives up on a server that accepts and never greets, with its own timeout, instead of hanging', async () => {
    let connected = 0;
    const port = await listen(() => {
      connected++;
    });
    const mail = new SmtpMailProvider(`smtp://127.0.0.1:${port}`, 'Dossier <no-reply@dossier.test>', {
      connectionTimeout: 300,
      greetingTimeout: 300,
      socketTimeout: 300,
    });
    try {
      // The event, not the wall clock (decision 0059): the send fails with the greeting timeout while the server
      // is still silent; a hang would run into the test's timeout.
      await expect(mail.send({ to: 'a@example.org', subject: 's', text: 't' })).rejects.toMatchObject({
        code: 'ETIMEDOUT',
      });
    } finally {
      mail.close();
    }
    expect(connected).toBe(1);
  });
});
