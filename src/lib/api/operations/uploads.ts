// The upload call (contract "Uploads"): a signed address to send one image to. The browser then
// sends the file with `fetch(ticket.upload_url, { method: ticket.method, headers: ticket.headers,
// body: file })` (no token: the address is the permission) and names `ticket.public_url` in the form.
import type { UploadRequest, UploadTicket } from '../wire/index.ts';
import { write } from './operation.ts';

/** POST /uploads: 400 with the spec's message for a type other than JPG, PNG, WebP or a file too large */
export const createUpload = (request: UploadRequest) => write<UploadTicket>('POST', '/uploads', { json: request });
