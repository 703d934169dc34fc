export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. console (embedded default, logs it) or smtp (nodemailer, SMTP_URL). */
export interface MailProvider {
  readonly name: string;
  send(msg: MailMessage): Promise<void>;
  close?(): void;
}
