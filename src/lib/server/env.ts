import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';

/** Treats an empty variable like an unset one (a blank `.env` line must not override a default). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * Which proxies in front of us to believe about the client's address (X-Forwarded-For), read as
 * Express's `trust proxy` reads it: a number of hops (`1`, or `true`, is one load balancer; `2` a CDN
 * and a balancer), or the proxies' addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`; also
 * `loopback`, `linklocal`, `uniquelocal`). Off (`0`, `false`, unset): the socket's peer is the client.
 */
export type TrustProxy = { hops: number } | { proxies: string[] } | null;

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const setting = value.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(setting)) return null;
  if (['true', 'yes', 'on'].includes(setting)) return { hops: 1 };
  if (/^\d+$/.test(setting)) return { hops: Number(setting) };
  const proxies = setting.split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    proxyaddr.compile(proxies);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops, or proxy addresses and CIDR ranges separated by commas (${(error as Error).message})`,
    });
    return z.NEVER;
  }
  return { proxies };
});

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(z.url()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://')),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SMTP_URL: optional(z.string()),
  MAIL_FROM: optional(z.string()),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_ISSUER: optional(z.url()),
  STORAGE_DRIVER: optional(z.enum(['local', 's3'])),
  S3_ENDPOINT: optional(z.url()),
  S3_BUCKET: optional(z.string()),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(flag),
  MEDIA_PUBLIC_URL: optional(z.url()),
  PRERENDER_DRAMAS: optional(z.coerce.number().int().min(0)),
  PRERENDER_PEOPLE: optional(z.coerce.number().int().min(0)),
  REDIS_URL: optional(z.string()),
  TRUST_PROXY: optional(trustProxy),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  BODY_LIMIT: optional(z.coerce.number().int().min(1024)),
  STATS_INTERVAL_SECONDS: optional(z.coerce.number().int().min(0)),
  SEED_DEMO: optional(flag),
  DIST_DIR: optional(z.string()),
  PUBLIC_CACHE_MB: optional(z.coerce.number().min(0).max(65536)),
  LIST_CACHE_MB: optional(z.coerce.number().min(0).max(65536)),
  NO_CACHE_INTERVAL_MS: optional(z.coerce.number().int().min(0).max(3_600_000)),
});

export type Env = ReturnType<typeof readEnv>;

/** Parses `process.env` once, with defaults; throws one error naming every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.superRefine((e, ctx) => {
    if (e.NODE_ENV === 'production' && e.SEED_DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'the demo data (staff accounts with public passwords) is never seeded when NODE_ENV=production',
      });
    }
    if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE_DRIVER=s3 needs the bucket name' });
    }
  }).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 4321;
  const host = e.HOST ?? 'localhost';
  return {
    nodeEnv: e.NODE_ENV ?? 'development',
    port,
    host,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'DramaList <no-reply@dramalist.local>',
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com',
    },
    storage: {
      driver: e.STORAGE_DRIVER ?? 'local',
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? 'us-east-1',
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      /** bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers want; default on with S3_ENDPOINT */
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
      publicUrl: e.MEDIA_PUBLIC_URL,
    },
    prerenderDramas: e.PRERENDER_DRAMAS ?? 500,
    prerenderPeople: e.PRERENDER_PEOPLE ?? 500,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY ?? null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    bodyLimit: e.BODY_LIMIT ?? 1024 * 1024,
    /** how often the derived figures are recomputed; 0 turns the job off in this instance */
    statsIntervalSeconds: e.STATS_INTERVAL_SECONDS ?? 60,
    /** production start: never builds, never seeds (docs/decisions/013) */
    production: e.NODE_ENV === 'production',
    /**
     * whether `npm start` seeds the demo into an empty database: on the embedded default unless
     * SEED_DEMO=0, elsewhere only with SEED_DEMO=1, never in production (docs/decisions/013)
     */
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    /** where builds go (`builds/<id>/` and the `current` link); inside the app folder */
    distDir: path.resolve(e.DIST_DIR ?? './dist'),
    /** memory for the public answer cache (api/public-cache.ts), in MB; 0 turns it off */
    publicCacheMb: e.PUBLIC_CACHE_MB ?? 32,
    /** memory for members' encoded lists (api/lists/list-answers.ts), in MB; 0 turns it off */
    listCacheMb: e.LIST_CACHE_MB ?? 32,
    /**
     * a request's `Cache-Control: no-cache` recomputes a cached public answer only when it was
     * computed this long ago (ms) or more, and never a member's kept lists; 0 honours every one
     * (the benchmark and the fault tests measure misses so). docs/decisions/031
     */
    noCacheIntervalMs: e.NO_CACHE_INTERVAL_MS ?? 1000,
  };
}

let cached: Env | undefined;

/** The parsed configuration of this process (read on first use). */
export function env(): Env {
  cached ??= readEnv();
  return cached;
}

/** Re-reads `process.env` (tests change variables such as SMTP_URL between files). */
export function reloadEnv(): Env {
  cached = readEnv();
  return cached;
}
