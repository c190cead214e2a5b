// The upload call (contract "Uploads", docs/decisions/024): the browser asks for a short-lived
// signed address, sends the file straight to storage, then names the answered `public_url` in the
// form that uses it (PUT /users/me's avatar or cover_photo). The rules: src/lib/uploads/upload-rules.ts.
import { z } from '@hono/zod-openapi';
import { UPLOAD_PURPOSES } from '../../uploads/upload-rules.ts';

export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES, { error: `purpose must be one of ${UPLOAD_PURPOSES.join(', ')}` });

export const UploadRequestSchema = z
  .object({
    purpose: UploadPurposeSchema,
    content_type: z
      .string({ error: 'content_type must be a text' })
      .max(100, 'content_type must be at most 100 characters')
      .openapi({ description: 'image/jpeg, image/png or image/webp', example: 'image/jpeg' }),
    size: z
      .number({ error: 'size must be a whole number of bytes' })
      .int('size must be a whole number of bytes')
      .min(0, 'size must be a whole number of bytes')
      .max(Number.MAX_SAFE_INTEGER, 'size must be a whole number of bytes')
      .openapi({ description: 'the file size in bytes: at most 5 MB (avatar, drama_banner, person_image) or 10 MB (cover)' }),
  })
  .openapi('UploadRequest');

export const UploadTicketSchema = z
  .object({
    upload_url: z.string().openapi({ description: 'where to send the file: an S3 presigned URL, or a signed address on this server (local storage)' }),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()).openapi({ description: 'headers the upload must carry exactly (Content-Type; with S3 storage also If-None-Match: *, so the address takes one PUT)' }),
    public_url: z.string().openapi({ description: 'what to name in the form once the file is sent (e.g. PUT /users/me {avatar}); not served: the original stays private, and the form answers the address of the published copy' }),
    expires_at: z.string().openapi({ description: 'ISO 8601: the upload URL is refused after it' }),
  })
  .openapi('UploadTicket');
