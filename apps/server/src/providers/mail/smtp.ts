import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, MailProvider } from './mail.ts';

/** SMTP through nodemailer; SMTP_URL like smtps://user:pass@smtp.example.com:465. */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }
  async send(msg: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.text });
  }
  close(): void {
    this.transport.close();
  }
}
