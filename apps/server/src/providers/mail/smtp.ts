import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, MailProvider } from './mail.ts';

/** How long a send may wait on the SMTP server (ms). nodemailer's own defaults: 2 min, 30 s, 10 min. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/**
 * A send is part of a request (an e-mail code): a server that stops answering costs it at most these. SMTP_URL's
 * own query (`?socketTimeout=60000`) still wins.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/** SMTP through nodemailer; SMTP_URL like smtps://user:pass@smtp.example.com:465. */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
  ) {
    this.transport = createTransport({ url: smtpUrl, ...timeouts });
  }
  async send(msg: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.text });
  }
  close(): void {
    this.transport.close();
  }
}
