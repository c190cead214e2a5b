// The upload calls (contract "Uploads", docs/decisions/024): POST /uploads hands out a signed address
// for one image; with local storage, PUT /uploads/local/<key>?… is that address (not in the OpenAPI
// document: a client never builds it, it follows the answered upload_url). Rules: services/uploads.
import { UploadRequestSchema, UploadTicketSchema } from '../../../api/wire/uploads.ts';
import { getDb } from '../../db/client.ts';
import { createUpload, LOCAL_UPLOAD_PATH, receiveLocalUpload } from '../../services/uploads/uploads.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberWrite } from '../member-limits.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody as json } from '../schemas.ts';

const create = memberWrite('uploadsByMember', {
  method: 'post',
  path: '/uploads',
  operationId: 'createUpload',
  tags: ['Uploads'],
  summary: 'A short-lived signed address to send one image to (JPG, PNG or WebP; avatar and edit-form images ≤ 5 MB, cover ≤ 10 MB)',
  description:
    'Send the file with `PUT upload_url` and exactly the answered `headers`, within `expires_at`, then name `public_url` in the form ' +
    '(PUT /users/me {avatar | cover_photo}). S3 storage: a presigned URL of the bucket; local storage: an address on this server. ' +
    'The address takes one file (a second PUT is refused: 412 from S3, 409 here); the original stays private and only the copy the form publishes is served.',
  request: { body: json(UploadRequestSchema) },
  responses: {
    200: answer('Where and how to send the file', UploadTicketSchema),
    400: error("An unsupported type ('Unsupported file type. Please use JPG, PNG, or WebP images.') or a file too large ('Image size must be less than 5MB.')"),
    401: error('Not signed in'),
  },
});

export const uploadRoutes = createRouter()
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const ticket = await createUpload(await getDb(), currentUser(c).id, { purpose: body.purpose, contentType: body.content_type, size: body.size });
    return c.json(
      { upload_url: ticket.uploadUrl, method: ticket.method, headers: ticket.headers, public_url: ticket.publicUrl, expires_at: ticket.expiresAt.toISOString() },
      200,
    );
  })
  .put(`${LOCAL_UPLOAD_PATH}*`, async (c) => {
    // keys are plain URL-safe characters (the signature covers them): no decoding needed
    const key = c.req.path.slice(c.req.path.indexOf(LOCAL_UPLOAD_PATH) + LOCAL_UPLOAD_PATH.length);
    try {
      await receiveLocalUpload(await getDb(), key, c.req.query(), c.req.header('Content-Type'), c.req.raw.body as AsyncIterable<Uint8Array> | null);
    } catch (error) {
      // a refusal may come before the body was read (a used ticket, a bad signature, too many bytes):
      // the connection cannot be reused for the next request, so the client is told to close it
      c.header('Connection', 'close');
      throw error;
    }
    return c.body(null, 204);
  });
