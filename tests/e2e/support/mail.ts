import { expect } from '@playwright/test';
import { MAIL_URL } from './ports.ts';

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The newest e-mail the site sent to `to`, waiting for it to arrive. */
export async function latestMailTo(to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(MAIL_URL)).json()) as Mail[];
        found = all.findLast((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()) && (!subject || subject.test(m.subject)));
        return found !== undefined;
      },
      { timeout: 10_000, message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The site-relative link of an e-mail (e.g. '/verify-email?token=...'). */
export function linkIn(mail: Mail, path: string): string {
  const link = mail.text.match(new RegExp(`https?://[^\\s]+(${path}\\?token=[\\w-]+)`));
  if (!link) throw new Error(`no ${path} link in ${mail.text}`);
  return link[1]!;
}
