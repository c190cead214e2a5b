// The authorization matrix (docs/decisions/027): every mutating operation (method other than GET
// and HEAD) of the OpenAPI document × who calls it → the status the API answers. Data only: the
// test that walks it over HTTP is authorization-matrix.test.ts (the request each row sends is there,
// under the same key). A new route without a row, or a row whose operation is gone, fails that test.
//
// Callers:
//   visitor  no token
//   member   a signed-in member (role user) who does not own the record the row acts on
//   owner    the member who owns that record (its author, the member themself); where a row has
//            no record with an owner, the same as member, written out (and `owner` says so)
//   mod      a signed-in moderator who does not own the record
//   admin    a signed-in administrator who does not own the record
//
// Statuses: the operation's success status for a caller who may; 401 for a visitor where a token is
// needed; 403 for a signed-in caller who may not (src/lib/users/permissions.ts says who may). Where
// another rule answers first for one caller (following oneself is a 400), the row says that status
// and `note` says why. Every request of a row is valid, so that the permission is what decides.
//
// Later issues (comments, feed, editing, moderation, notifications) add their rows here, with the
// request in the test; e.g.
//   'DELETE /comments/{id}': { visitor: 401, member: 403, owner: 204, mod: 204, admin: 204, owner_is: 'the author' },
//   'PUT /dramas/{id}':      { visitor: 401, member: 403, owner: 403, mod: 200, admin: 200, owner_is: 'no owner: a member' },

export type Caller = 'visitor' | 'member' | 'owner' | 'mod' | 'admin';
export const CALLERS: readonly Caller[] = ['visitor', 'member', 'owner', 'mod', 'admin'];

export type MatrixRow = Record<Caller, number> & {
  /** who "owner" is for this operation, or why it is the same as member */
  owner_is: string;
  /** why a status is not simply success / 401 / 403 */
  note?: string;
};

const SAME = 'no record with an owner: the same as member';
const SELF = 'the member themself (the record is their own account, list or upload)';

/** Public operations: they read no token (a sent one changes nothing, decision 012), so every caller succeeds. */
const publicRow = (status: number): MatrixRow => ({ visitor: status, member: status, owner: status, mod: status, admin: status, owner_is: SAME });
/** A member's own write: 401 for a visitor, success for every signed-in caller. */
const memberRow = (status: number, owner_is = SAME): MatrixRow => ({ visitor: 401, member: status, owner: status, mod: status, admin: status, owner_is });

/** A mod's or an admin's write: 401 for a visitor, 403 for a member (the owner too), success for staff. */
const staffRow = (status: number, owner_is: string): MatrixRow => ({ visitor: 401, member: 403, owner: 403, mod: status, admin: status, owner_is });

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  // accounts and sign-in
  'POST /auth/register': publicRow(201),
  'POST /auth/login': publicRow(200),
  'POST /auth/forgot-password': publicRow(200),
  'POST /auth/reset-password': publicRow(200),
  'POST /auth/verify': publicRow(200),
  'POST /auth/resend-verification': publicRow(200),
  'POST /auth/sign-in-link': publicRow(200),
  'POST /auth/sign-in-link/redeem': publicRow(200),
  'POST /auth/logout': memberRow(204, SELF),
  'POST /auth/logout-all': memberRow(204, SELF),

  // profiles and follows
  'PUT /users/me': memberRow(200, SELF),
  'POST /users/{id}/view': { ...memberRow(200), owner_is: 'the member whose profile it is (their own view is answered, never counted)' },
  'POST /users/{id}/follow': { ...memberRow(200), owner: 400, owner_is: 'the member followed', note: 'following oneself is a 400 (contract)' },
  'DELETE /users/{id}/follow': { ...memberRow(200), owner: 400, owner_is: 'the member followed', note: 'unfollowing oneself is a 400 (contract)' },
  // blocks (docs/decisions/035)
  'POST /users/{id}/block': { ...memberRow(200), owner: 400, owner_is: 'the member blocked', note: 'blocking oneself is a 400 (as following oneself)' },
  'DELETE /users/{id}/block': { ...memberRow(200), owner: 400, owner_is: 'the member blocked', note: 'unblocking oneself is a 400 (as unfollowing oneself)' },

  // hearts
  'POST /people/{id}/heart': memberRow(200),
  'DELETE /people/{id}/heart': memberRow(200, 'the member who gave the heart (each signed-in caller takes back their own)'),

  // reports (docs/decisions/035): members report, mods and admins resolve
  'POST /reports': memberRow(201, "the author of the reported comment (reporting one's own is allowed: permissions.ts canReport)"),
  'POST /reports/{id}/resolve': { visitor: 401, member: 403, owner: 403, mod: 200, admin: 200, owner_is: 'the member who made the report' },
  // --- member moderation (issue 22, docs/decisions/038 "Moderating members") ---
  'POST /users/{id}/moderation': {
    visitor: 401, member: 403, owner: 403, mod: 200, admin: 200,
    owner_is: "the member moderated (a member: 403 as any member; staff acting on themselves and a mod on a mod or an admin are 403 too: member-moderation.test.ts)",
  },
  // --- end member moderation ---

  // watch lists and favourites: each member's own
  'POST /lists/favorites/dramas/{id}': memberRow(201, SELF),
  'DELETE /lists/favorites/dramas/{id}': memberRow(204, SELF),
  'POST /lists/favorites/cast/{id}': memberRow(201, SELF),
  'DELETE /lists/favorites/cast/{id}': memberRow(204, SELF),
  'POST /lists/drama/{id}/status': memberRow(200, SELF),
  'DELETE /lists/drama/{id}/status': memberRow(204, SELF),
  'POST /lists/drama/{id}/rewatch': memberRow(200, SELF),

  // uploads
  'POST /uploads': memberRow(200, SELF),

  // --- comments and reactions (issue 20) ---
  'POST /comments': memberRow(201, 'no record with an owner: the same as member (the contract writes it POST /comments/; both are answered)'),
  'PUT /comments/{id}': { visitor: 401, member: 403, owner: 200, mod: 403, admin: 403, owner_is: 'the author', note: 'only the author edits (contract)' },
  'DELETE /comments/{id}': { visitor: 401, member: 403, owner: 204, mod: 204, admin: 204, owner_is: 'the author' },
  'POST /reactions': memberRow(201, 'no record with an owner: the same as member (the contract writes it POST /reactions/)'),
  'DELETE /reactions/{id}': { visitor: 401, member: 403, owner: 204, mod: 403, admin: 403, owner_is: 'the member who reacted', note: 'only its member takes a reaction back' },
  // --- end comments and reactions ---
  // --- social feed (issue 21) ---
  'POST /social/posts': memberRow(201),
  'PUT /social/posts/{id}': { visitor: 401, member: 403, owner: 200, mod: 403, admin: 403, owner_is: 'the author', note: 'only the author edits (contract)' },
  'DELETE /social/posts/{id}': { visitor: 401, member: 403, owner: 204, mod: 204, admin: 204, owner_is: 'the author' },
  'POST /social/posts/{id}/like': memberRow(200, "the post's author (liking one's own post is allowed)"),
  'POST /social/posts/{id}/repost': { ...memberRow(200), owner: 400, owner_is: "the post's author", note: "reposting one's own post is a 400 (contract)" },
  'POST /social/posts/{id}/detach': { visitor: 401, member: 403, owner: 200, mod: 403, admin: 403, owner_is: 'the author of the quoted post', note: 'only the quoted post\'s author detaches a quote (contract)' },
  // --- end social feed ---
  // --- catalogue editing (issue 22, docs/decisions/038) ---
  'PUT /dramas/{id}': staffRow(200, 'no record with an owner: the same as member'),
  'PUT /people/{id}': staffRow(200, 'no record with an owner: the same as member'),
  'POST /dramas/{id}/edit-suggestions': memberRow(201),
  'POST /people/{id}/edit-suggestions': memberRow(201),
  'POST /edit-suggestions/{id}/review': staffRow(200, 'the member who made the suggestion (never reviews it)'),
  'POST /edit-history/{id}/revert': staffRow(201, 'the author of the change reverted (a member whose suggestion was approved)'),
  'PUT /dramas/{id}/locks/{field}': staffRow(200, 'no record with an owner: the same as member'),
  'DELETE /dramas/{id}/locks/{field}': staffRow(204, 'no record with an owner: the same as member'),
  'PUT /people/{id}/locks/{field}': staffRow(200, 'no record with an owner: the same as member'),
  'DELETE /people/{id}/locks/{field}': staffRow(204, 'no record with an owner: the same as member'),
  // --- end catalogue editing ---
};
