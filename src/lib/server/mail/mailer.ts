import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env.ts';
import { logger } from '../logger.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the link the message is about, logged when mail goes to the outbox folder (not in production) */
  link?: string;
}

let transport: Transporter | undefined;

/** SMTP when SMTP_URL is set; otherwise a transport that renders the message to a buffer. */
function getTransport(): Transporter {
  transport ??= env().smtpUrl
    ? nodemailer.createTransport(env().smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transport;
}

/** Sends a message over SMTP, or writes it to DATA_DIR/mail/*.eml and logs its link (except in production). */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const info = await getTransport().sendMail({
    from: env().mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  if (env().smtpUrl) {
    logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    return;
  }
  const dir = path.join(env().dataDir, 'mail');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 }); // reset links: the site's user only
  const safeTo = mail.to.replace(/[^\w.@-]/g, '_');
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
  // written beside it and renamed into place: a reader of the outbox never sees a half-written message
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
  await fs.rename(partial, file);
  // The link opens the account (a reset link is a password): logged for local development only.
  const link = env().nodeEnv === 'production' ? undefined : mail.link;
  logger.info({ to: mail.to, subject: mail.subject, file, link }, 'mail written to the outbox (no SMTP_URL)');
}

/** Forgets the transport (tests switch SMTP_URL between files). */
export function resetMailTransport() {
  transport?.close();
  transport = undefined;
}
