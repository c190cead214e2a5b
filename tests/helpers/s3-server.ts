// A real S3-compatible server on loopback for the S3 storage tests (DESIGN.md "Components that must
// be real"): s3rver, with a small gate in front of it that does what s3rver does not (docs/decisions/024):
//
// - s3rver 3.7 accepts any AWS Signature Version 4 ("Signature version 4 calculation is
//   unimplemented", lib/middleware/authentication.js): a presigned URL with a forged signature, an
//   expired one, or one sent with another Content-Type or length would be taken. The gate checks
//   SigV4 itself (header and query forms: canonical request, string to sign, signing key, expiry)
//   and answers 403 SignatureDoesNotMatch / AccessDenied as S3 does.
// - s3rver lets anonymous requests do anything; the gate lets them read only (GET, HEAD), and
//   nothing under `originals/`, like the bucket policy README's deployment section gives (public
//   reads of the published prefixes only; docs/decisions/029).
// - s3rver ignores `If-None-Match: *` on PUT; the gate answers S3's 412 PreconditionFailed when the
//   object exists (S3's conditional writes, which the presigned upload signs).
// - s3rver's ListObjectsV2 continuation tokens are DES-encrypted, which Node 24's OpenSSL no longer
//   has (a listing of more than one page answers 500): the gate answers a V2 listing through
//   s3rver's V1 listing (marker), with a token of its own (the last key, base64url).
//
// The app talks to the gate through the AWS SDK like to any S3 endpoint (path-style).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Parsed {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  expiresSeconds?: number;
}

function parseAuth(req: http.IncomingMessage, url: URL): Parsed | undefined | 'malformed' {
  const query = url.searchParams;
  if (query.has('X-Amz-Algorithm')) {
    if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'malformed';
    const [credential, signedHeaders, signature, amzDate, expires] = ['X-Amz-Credential', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Date', 'X-Amz-Expires'].map((k) => query.get(k));
    if (!credential || !signedHeaders || !signature || !amzDate || !expires) return 'malformed';
    return { credential, signedHeaders: signedHeaders.split(';'), signature, amzDate, payloadHash: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD', expiresSeconds: Number(expires) };
  }
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(header);
  const amzDate = req.headers['x-amz-date'];
  if (!match || typeof amzDate !== 'string') return 'malformed';
  return { credential: match[1]!, signedHeaders: match[2]!.split(';'), signature: match[3]!, amzDate, payloadHash: String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD') };
}

/** Why a request's SigV4 does not hold, or undefined when it does. */
function signatureProblem(req: http.IncomingMessage, url: URL, auth: Parsed): string | undefined {
  const [accessKeyId, date, region, service, terminator] = auth.credential.split('/');
  if (accessKeyId !== ACCESS_KEY_ID) return 'InvalidAccessKeyId';
  if (!date || !region || service !== 's3' || terminator !== 'aws4_request' || !auth.amzDate.startsWith(date)) return 'SignatureDoesNotMatch';
  const signedAt = Date.parse(auth.amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (Number.isNaN(signedAt)) return 'SignatureDoesNotMatch';
  if (auth.expiresSeconds !== undefined && Date.now() > signedAt + auth.expiresSeconds * 1000) return 'AccessDenied'; // "Request has expired"
  const query = [...url.searchParams.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const headers = auth.signedHeaders.map((name) => {
    const value = req.headers[name];
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonical = [req.method, url.pathname, query, headers.join(''), auth.signedHeaders.join(';'), auth.payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', auth.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date), region), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(auth.signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'SignatureDoesNotMatch';
}

const s3Error = (res: http.ServerResponse, code: string, status = 403) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
};

/** s3rver with a bucket, behind the SigV4 gate; answers what the app's S3_* variables need. */
export async function startS3Server(bucket = 'media') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-s3rver-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const inner = (await s3rver.run()) as AddressInfo;
  /** requests the gate refused, by S3 error code (what a test expects was refused) */
  const refused: string[] = [];
  const gate = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://gate');
    const auth = parseAuth(req, url);
    const publicRead = (req.method === 'GET' || req.method === 'HEAD') && !url.pathname.startsWith(`/${bucket}/originals/`);
    const problem = auth === undefined ? (publicRead ? undefined : 'AccessDenied') : auth === 'malformed' ? 'AuthorizationQueryParametersError' : signatureProblem(req, url, auth);
    if (problem) {
      refused.push(problem);
      req.resume();
      return s3Error(res, problem);
    }
    if (req.method === 'PUT' && req.headers['if-none-match'] === '*') {
      const head = await fetch(`http://127.0.0.1:${inner.port}${url.pathname}`, { method: 'HEAD' });
      if (head.status === 200) {
        refused.push('PreconditionFailed');
        req.resume();
        return s3Error(res, 'PreconditionFailed', 412);
      }
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') return listV2(url, res);
    const forward = http.request({ host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  /** ListObjectsV2 through s3rver's V1 listing: the continuation token is the last key listed */
  async function listV2(url: URL, res: http.ServerResponse) {
    const query = new URLSearchParams(url.search);
    const token = query.get('continuation-token');
    const startAfter = token ? Buffer.from(token, 'base64url').toString() : query.get('start-after');
    for (const name of ['list-type', 'continuation-token', 'start-after', 'fetch-owner']) query.delete(name);
    if (startAfter) query.set('marker', startAfter);
    const answer = await fetch(`http://127.0.0.1:${inner.port}${url.pathname}?${query}`);
    let xml = await answer.text();
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
    if (answer.ok && xml.includes('<IsTruncated>true</IsTruncated>') && keys.length > 0) {
      xml = xml.replace('</ListBucketResult>', `<NextContinuationToken>${Buffer.from(keys.at(-1)!).toString('base64url')}</NextContinuationToken></ListBucketResult>`);
    }
    xml = xml.replace('</ListBucketResult>', `<KeyCount>${keys.length}</KeyCount></ListBucketResult>`);
    res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/xml' }).end(xml);
  }
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    refused,
    /** whether the object is in the bucket (straight from s3rver's store) */
    async has(key: string) {
      const res = await fetch(`http://127.0.0.1:${inner.port}/${bucket}/${key}`, { method: 'HEAD' });
      return res.status === 200;
    },
    async close() {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
