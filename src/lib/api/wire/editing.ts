// The catalogue editing and review calls and the members' moderation calls (spec 2 §3 edit fields and
// Edit suggestion, §7; contract "Catalogue editing and review" and "Moderating members";
// docs/decisions/038). Field names are the spec's (snake_case). The field rules and limits are
// lib/catalogue-editing/edit-fields.ts; the services check the values (400 naming the field).
import { z } from '@hono/zod-openapi';
import {
  DRAMA_EDIT_FIELDS,
  EDIT_LIMITS,
  EDIT_SOURCES,
  EDIT_TARGETS,
  PERSON_EDIT_FIELDS,
  PERSON_GENDERS,
  SUGGESTION_STATUSES,
} from '../../catalogue-editing/edit-fields.ts';
import { ROLES } from '../../users/roles.ts';
import { MEMBER_CLEARABLE_FIELDS, MODERATION_NOTE_MAX_LENGTH } from '../../moderation/member-moderation-rules.ts';
import { pagedSchema } from './common.ts';
import { PublicUserSchema } from './users.ts';

const Day = z.string().nullable().openapi({ description: 'YYYY-MM-DD, or null to clear' });
const TextList = z.array(z.string()).openapi({ description: 'items trimmed, empty ones dropped, duplicates (any case) dropped' });

/** PUT /dramas/{id} and POST /dramas/{id}/edit-suggestions: only the fields that change. */
export const DramaEditSchema = z
  .object({
    title: z.string().optional().openapi({ description: `non-blank; at most ${EDIT_LIMITS.title} characters` }),
    synopsis: z.string().optional(),
    country: z.string().optional(),
    genres: z.union([z.string(), TextList]).optional().openapi({ description: 'genre names (a list or a comma text); each must be a known genre' }),
    tags: z.union([z.string(), TextList]).optional().openapi({ description: 'tag names (a list or a comma text); new ones are created' }),
    status: z.string().optional().openapi({ description: 'airing, completed, upcoming or cancelled, in any case (AIRING, Airing)' }),
    type: z.string().optional().openapi({ description: 'drama, movie, tv_show or special, in any case (TV_SHOW, TV_Show)' }),
    episodes: z.number().nullable().optional().openapi({ description: `${EDIT_LIMITS.episodes.min}–${EDIT_LIMITS.episodes.max}` }),
    aired_start: Day.optional(),
    aired_end: Day.optional().openapi({ description: 'not before aired_start' }),
    native_title: z.union([z.string(), TextList]).nullable().optional(),
    also_known_as: z.union([z.string(), TextList]).optional(),
    network: z.string().nullable().optional(),
    banner_image: z.string().nullable().optional().openapi({ description: "the public_url of an upload of the caller's, or null" }),
    year: z.number().nullable().optional().openapi({ description: `${EDIT_LIMITS.year.min}–${EDIT_LIMITS.year.max}` }),
    source_note: z.string().optional().openapi({ description: `suggestions only: where the change comes from (at most ${EDIT_LIMITS.note} characters)` }),
  })
  .loose()
  .openapi('DramaEdit', { description: 'Any other field (derived figures: rating, votes, watchers, popularity, ranked) is a 400 naming it.' });

/** PUT /people/{id} and POST /people/{id}/edit-suggestions. `hearts` is never editable. */
export const PersonEditSchema = z
  .object({
    name: z.string().optional().openapi({ description: `non-blank; at most ${EDIT_LIMITS.name} characters` }),
    native_name: z.string().nullable().optional(),
    biography: z.string().optional(),
    gender: z.string().nullable().optional().openapi({ description: `${PERSON_GENDERS.join(', ')} in any case, or null` }),
    nationality: z.union([z.string(), TextList]).optional(),
    date_of_birth: Day.optional(),
    image: z.string().nullable().optional().openapi({ description: "the public_url of an upload of the caller's, or null" }),
    also_known_as: z.union([z.string(), TextList]).optional(),
    source_note: z.string().optional().openapi({ description: `suggestions only: where the change comes from (at most ${EDIT_LIMITS.note} characters)` }),
  })
  .loose()
  .openapi('PersonEdit', { description: 'Any other field (hearts, popularity) is a 400 naming it.' });

/** One field's change: its value before and after (wire values, as the drama or person answers them). */
export const FieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() }).openapi('FieldChange');
export const ChangesSchema = z.record(z.string(), FieldChangeSchema).openapi('Changes', {
  description: `field → {from, to}; drama fields: ${DRAMA_EDIT_FIELDS.join(', ')}; person fields: ${PERSON_EDIT_FIELDS.join(', ')}`,
});

/** Who wrote or applied a change, as the moderation area shows them. */
export const EditorSchema = z
  .object({ id: z.number().int(), username: z.string(), name: z.string(), avatar: z.string().nullable(), role: z.enum(ROLES) })
  .openapi('Editor');

export const SuggestionSchema = z
  .object({
    id: z.number().int(),
    target_type: z.enum(EDIT_TARGETS),
    target_id: z.number().int(),
    target_title: z.string().openapi({ description: "the drama's title or the person's name now" }),
    changes: ChangesSchema,
    source_note: z.string().nullable(),
    status: z.enum(SUGGESTION_STATUSES),
    author: EditorSchema.nullable().openapi({ description: 'null once the account is gone' }),
    created_at: z.string(),
    reviewed_by: EditorSchema.nullable(),
    reviewed_at: z.string().nullable(),
    note: z.string().nullable().openapi({ description: "the reviewer's note" }),
    conflicts: z
      .array(z.string())
      .optional()
      .openapi({ description: 'pending only, for mods and admins: the fields changed on the record since the suggestion was made (approving answers 409)' }),
  })
  .openapi('EditSuggestion');

export const SuggestionPageSchema = pagedSchema(SuggestionSchema).openapi('EditSuggestionPage');

/** POST /edit-suggestions/{id}/review. */
export const ReviewSchema = z
  .object({ approved: z.boolean(), note: z.string().optional().openapi({ description: `at most ${EDIT_LIMITS.note} characters` }) })
  .openapi('SuggestionReview');

export const HistoryEntrySchema = z
  .object({
    id: z.number().int(),
    target_type: z.enum(EDIT_TARGETS),
    target_id: z.number().int(),
    changes: ChangesSchema,
    author: EditorSchema.nullable(),
    applied_by: EditorSchema.nullable(),
    source: z.enum(EDIT_SOURCES),
    suggestion_id: z.number().int().nullable(),
    reverts_id: z.number().int().nullable().openapi({ description: 'for a revert: the entry it undid' }),
    created_at: z.string(),
  })
  .openapi('EditHistoryEntry');

/** PUT /dramas/{id}/locks/{field}. */
export const FieldLockRequestSchema = z
  .object({ note: z.string().optional().openapi({ description: `why (at most ${EDIT_LIMITS.note} characters)` }) })
  .openapi('FieldLockRequest');

/** GET /dramas/{id}/pending-edits, GET /people/{id}/pending-edits. */
export const PendingEditsSchema = z
  .object({ pending: z.number().int().openapi({ description: 'suggestions waiting for review on the record' }) })
  .openapi('PendingEdits');

export const HistoryPageSchema = pagedSchema(HistoryEntrySchema).openapi('EditHistoryPage');

/** A field locked against suggestions. */
export const FieldLockSchema = z
  .object({ field: z.string(), locked_by: EditorSchema.nullable(), note: z.string().nullable(), created_at: z.string() })
  .openapi('FieldLock');

export { MEMBER_CLEARABLE_FIELDS };

/** POST /users/{id}/moderation (contract "Moderating members"). */
export const MemberModerationSchema = z
  .object({
    clear: z.array(z.enum(MEMBER_CLEARABLE_FIELDS)).max(MEMBER_CLEARABLE_FIELDS.length * 2).optional().openapi({ description: 'fields to empty (an image goes back to the generated one)' }),
    suspend_until: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .openapi({ description: 'ISO 8601 date-time with a time zone, in the future; null lifts a suspension; left out: no change' }),
    note: z.string().max(MODERATION_NOTE_MAX_LENGTH * 4).openapi({ description: `why: non-blank, at most ${MODERATION_NOTE_MAX_LENGTH} characters` }),
  })
  .openapi('MemberModeration');

export const MemberModerationActionSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    moderator: EditorSchema.nullable(),
    cleared: z.array(z.enum(MEMBER_CLEARABLE_FIELDS)),
    suspension_changed: z.boolean(),
    suspend_until: z.string().nullable(),
    note: z.string(),
    created_at: z.string(),
  })
  .openapi('MemberModerationAction');

/** A member as the moderation area sees them: the public profile and the suspension. */
export const ModeratedMemberSchema = PublicUserSchema.extend({
  suspended_until: z.string().nullable().openapi({ description: 'until when the member is suspended (ISO 8601); null when not suspended' }),
}).openapi('ModeratedMember');

/** POST /users/{id}/moderation: the action recorded, and the member after it. */
export const MemberModerationResultSchema = z
  .object({ action: MemberModerationActionSchema, member: ModeratedMemberSchema })
  .openapi('MemberModerationResult');

/** GET /users/{id}/moderation: the member's actions, newest first, and the member now. */
export const MemberModerationPageSchema = pagedSchema(MemberModerationActionSchema)
  .extend({ member: ModeratedMemberSchema })
  .openapi('MemberModerationPage');
