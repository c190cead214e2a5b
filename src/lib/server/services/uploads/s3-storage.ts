// The S3 storage driver (docs/decisions/024): an S3-compatible bucket through the AWS SDK; the
// browser PUTs to a presigned URL (Content-Type and Content-Length are signed), the server reads the
// object back to check and resize it, writes the resized copy and deletes the original. Objects are
// read publicly at MEDIA_PUBLIC_URL/<key> (a CDN or the bucket's public address), or, without it, at
// the bucket's own address. The bucket must let anyone read (a bucket policy; no ACLs are set).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NotFound, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Env } from '../../env.ts';
import type { ObjectStorage } from './storage.ts';
import { ORIGINALS_PREFIX } from './storage-keys.ts';

function isMissing(error: unknown): boolean {
  if (error instanceof NotFound || error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');
}

export function createS3Storage(config: Env['storage']): ObjectStorage & { client: S3Client } {
  const bucket = config.bucket;
  if (!bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // the SDK's default CRC32 checksums on PUT would have to be sent by the browser too
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = (() => {
    if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
    if (config.endpoint) return `${config.endpoint.replace(/\/+$/, '')}/${bucket}`;
    return `https://${bucket}.s3.${config.region}.amazonaws.com`;
  })();
  return {
    driver: 's3',
    client,
    async signUpload(key, contentType, size, expiresAt) {
      const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      // `If-None-Match: *` (signed, so it must be sent): S3 takes one PUT of the key and refuses the
      // next with 412 while the object is there (conditional writes; docs/decisions/029)
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size, IfNoneMatch: '*' });
      const url = await getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']) });
      return { url, headers: { 'Content-Type': contentType, 'If-None-Match': '*' } };
    },
    publicUrl: (key) => `${base}/${key}`,
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return undefined;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async write(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async *listOriginals(olderThan) {
      // every page of the listing (a continuation token is a key, so removing listed objects meanwhile is safe)
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: ORIGINALS_PREFIX, ContinuationToken: token, MaxKeys: 1000 }));
        yield (page.Contents ?? []).flatMap((object) => (object.Key && object.LastModified && object.LastModified < olderThan ? [object.Key] : []));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // a PUT cut short stores nothing in S3: there are no temporary objects
    sweepTemporaries: async () => 0,
  };
}
