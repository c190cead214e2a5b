import pino from 'pino';
import { env } from './env.ts';

/** The process's structured logger (JSON lines; pipe through `pino-pretty` to read them). */
export const logger = pino({
  level: env().logLevel,
  base: { service: 'dramalist' },
  redact: { paths: ['req.headers.authorization', 'password', '*.password'], censor: '[redacted]' },
});
