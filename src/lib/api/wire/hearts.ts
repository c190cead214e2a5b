// The answer of the heart calls (spec 1 §6: heart status; giving and taking back a heart).
import { z } from '@hono/zod-openapi';

export const HeartStateSchema = z.object({ hearts: z.number().int(), has_hearted: z.boolean() }).openapi('HeartState');
