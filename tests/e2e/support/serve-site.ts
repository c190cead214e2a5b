// The site as the browser tests see it: `npm start` on a fresh embedded database, with a real SMTP
// mailbox and a real OpenID Connect provider (standing in for Google) in the same process. What the
// mailbox receives is readable at http://127.0.0.1:$E2E_MAIL_PORT/messages.
import http from 'node:http';
import { startMailbox } from '../../helpers/mailbox.ts';
import { startOidcProvider } from '../../helpers/oidc-provider.ts';

const publicUrl = process.env.PUBLIC_URL!;
const mailbox = await startMailbox(); // sets SMTP_URL
const provider = await startOidcProvider({
  clientId: 'dramalist-e2e',
  clientSecret: 'e2e-provider-secret',
  redirectUri: `${publicUrl}/api/v1/auth/google/callback`,
});
provider.addIdentity('google-e2e-1', { email: 'seo.yeon@gmail.test', email_verified: true, name: 'Seo Yeon' });
provider.addIdentity('google-e2e-2', { email: 'tae.oh@gmail.test', email_verified: true, name: 'Tae Oh' });
process.env.GOOGLE_CLIENT_ID = 'dramalist-e2e';
process.env.GOOGLE_CLIENT_SECRET = 'e2e-provider-secret';
process.env.GOOGLE_ISSUER = provider.issuer;

http
  .createServer((req, res) => {
    const messages = mailbox.messages.map((m) => ({ to: m.envelopeTo, subject: m.subject, text: m.text, html: m.html }));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
  })
  .listen(Number(process.env.E2E_MAIL_PORT), '127.0.0.1');

const { reloadEnv } = await import('../../../src/lib/server/env.ts');
reloadEnv();
await import('../../../scripts/start-site.ts');
