import { SITE_NAME } from '../../ui/site.ts';
import { env } from '../env.ts';
import type { OutgoingMail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain-text and an HTML part around one call-to-action link. */
function linkMessage(to: string, subject: string, greeting: string, lines: string[], action: string, link: string, footer: string): OutgoingMail {
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', footer, '', `— ${SITE_NAME}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4338ca">${SITE_NAME}</h1>
<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, open this address: ${escapeHtml(link)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p></body></html>`;
  return { to, subject, text, html, link };
}

export function verificationMail(to: string, name: string, token: string): OutgoingMail {
  const link = `${env().publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return linkMessage(
    to,
    `Verify your ${SITE_NAME} email`,
    `Hi ${name},`,
    [`Welcome to ${SITE_NAME}! Please confirm that this is your email address.`],
    'Verify email',
    link,
    'The link is valid for 24 hours. If you did not create an account, ignore this message.',
  );
}

export function passwordResetMail(to: string, name: string, token: string): OutgoingMail {
  const link = `${env().publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
  return linkMessage(
    to,
    `Reset your ${SITE_NAME} password`,
    `Hi ${name},`,
    ['Someone (hopefully you) asked to reset the password of your account.'],
    'Choose a new password',
    link,
    'The link is valid for 1 hour and works once. If you did not ask for it, ignore this message: your password stays the same.',
  );
}

/** Sent after a password reset, so the owner learns of a change they did not make. */
export function passwordChangedMail(to: string, name: string): OutgoingMail {
  const link = `${env().publicUrl}/forgot-password`;
  return linkMessage(
    to,
    `Your ${SITE_NAME} password was changed`,
    `Hi ${name},`,
    [
      `The password of your ${SITE_NAME} account was changed just now, and every device signed in to it was signed out.`,
      'If you made this change, there is nothing more to do.',
    ],
    'Not you? Choose a new password',
    link,
    'If you did not change it, someone may have access to your email: secure your mailbox first, then ask for a new password with the link above.',
  );
}

/** A one-time sign-in link, for a member kept out by a guessing attack on their account (docs/decisions/032). */
export function signInLinkMail(to: string, name: string, token: string): OutgoingMail {
  const link = `${env().publicUrl}/sign-in-link?token=${encodeURIComponent(token)}`;
  return linkMessage(
    to,
    `Your ${SITE_NAME} sign-in link`,
    `Hi ${name},`,
    [
      'Someone (hopefully you) asked for a link to sign in to your account without the password.',
      'If sign-in was refused because of too many failed attempts, someone may be guessing your password: consider choosing a stronger one.',
    ],
    'Sign in',
    link,
    'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this message: nobody can use it but you.',
  );
}
