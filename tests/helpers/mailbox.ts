import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { resetMailTransport } from '../../src/lib/server/mail/mailer.ts';

/**
 * A real SMTP server on a loopback port that keeps what it receives, and points the app's mailer
 * at it (SMTP_URL).
 */
export async function startMailbox() {
  const messages: (Email & { envelopeTo: string[] })[] = [];
  const waiters: (() => void)[] = [];
  /** while set, accepted messages wait for it before the server answers the DATA command */
  let gate: Promise<void> | undefined;
  const arrivals: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        arrivals.splice(0).forEach((wake) => wake());
        await gate;
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push({ ...email, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  reloadEnv();
  resetMailTransport();

  /** The newest message to `to` that arrived after `count` messages had, waiting up to 5 s. */
  async function waitFor(to: string, since = 0) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = messages.slice(since).findLast((m) => m.envelopeTo.some((a) => a.toLowerCase() === to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within 5 s`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    messages,
    waitFor,
    /**
     * Makes the server stall every message at the end of its DATA command (the sender waits for the
     * answer) until `release()` is called; `arrived()` resolves when a stalled message has come in.
     */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => arrivals.push(resolve));
      return {
        arrived,
        release: () => {
          gate = undefined;
          release();
        },
      };
    },
    /** the first link of the message's text part that goes to `path` */
    linkIn(message: Email, path: string) {
      const link = message.text?.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0];
      if (!link) throw new Error(`no ${path} link in: ${message.text}`);
      return new URL(link);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
