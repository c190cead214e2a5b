import type { APIRoute } from 'astro';
import { createApi } from '../../../lib/server/api/index.ts';

// In production the site server hands /api/* to the API before Astro sees it
// (src/lib/server/http/site-server.ts); this route serves the same app under `astro dev`.
export const prerender = false;

const api = createApi();

export const ALL: APIRoute = ({ request }) => api.fetch(request);
