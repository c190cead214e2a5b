// The upload calls (contract "Uploads"): a signed address to send one image to, then the file sent
// to that address (no token: the address is the permission); the form then names
// `ticket.public_url`.
import type { UploadRequest, UploadTicket } from '../wire/index.ts';
import { write } from './operation.ts';

/** POST /uploads: 400 with the spec's message for a type other than JPG, PNG, WebP or a file too large */
export const createUpload = (request: UploadRequest) => write<UploadTicket>('POST', '/uploads', { json: request });

/**
 * Sends `file` to the ticket's signed address (this server's local storage or an S3-compatible
 * one, which checks the signed type and length). True when the storage took it.
 */
export async function sendUpload(ticket: UploadTicket, file: Blob): Promise<boolean> {
  const sent = await fetch(ticket.upload_url, { method: ticket.method, headers: ticket.headers, body: file }).catch(() => null);
  return sent?.ok ?? false;
}
