// Members' roles, the one definition: the database enum (db/schema/enums.ts), the API's answers
// (src/lib/api/wire/users.ts), `npm run user:role` and the islands all read these.

/** A member, a moderator, an administrator. */
export const ROLES = ['user', 'mod', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
