// The rules of moderating a member (contract "Moderating members", docs/decisions/038 "Moderating
// members"), shared by the API's service (which enforces them) and the moderation area's island
// (which checks a form before sending it). No server import here: islands load this module.
import { EDIT_LIMITS } from '../catalogue-editing/edit-fields.ts';
import { formatSuspendedUntil } from './suspension-date.ts';

export { formatSuspendedUntil };

/** The profile fields a moderator may clear. */
export const MEMBER_CLEARABLE_FIELDS = ['bio', 'full_name', 'avatar', 'cover_photo'] as const;
export type ClearableField = (typeof MEMBER_CLEARABLE_FIELDS)[number];

/** The note of an action: why (required). */
export const MODERATION_NOTE_MAX_LENGTH = EDIT_LIMITS.note;

/**
 * An ISO 8601 date-time with its time zone (`Z` or `±HH:MM`): `2027-03-05T14:00:00Z`,
 * `2027-03-05T14:00+01:00`. A time without a zone would mean a different moment on every machine.
 */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Whether each part is in its range (Date.parse would roll 31 February over into March). */
function partsInRange(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second = 0, zoneHours = 0, zoneMinutes = 0] = m.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return month! >= 1 && month! <= 12 && day! >= 1 && day! <= daysInMonth && hour! <= 23 && minute! <= 59 && second <= 59 && zoneHours <= 14 && zoneMinutes <= 59;
}

export const MODERATION_MESSAGES = {
  noteRequired: 'note is required: say why',
  noteTooLong: `note must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  badDate: 'suspend_until must be an ISO 8601 date-time with a time zone (2027-03-05T14:00:00Z), or null to lift the suspension',
  pastDate: 'suspend_until must be in the future (null lifts the suspension)',
  nothingToDo: 'Nothing to do: clear a field, or set or lift a suspension',
  notSuspended: 'This member is not suspended: there is nothing to lift',
  self: 'You cannot moderate yourself',
  staff: 'A moderator cannot moderate a moderator or an administrator',
  memberNotFound: 'User not found',
} as const;

/** What a form or a request asks: the date parsed, or why it is refused. */
export type SuspendUntilCheck = { ok: true; value: Date | null } | { ok: false; message: string };

/** `suspend_until` as sent: a future ISO date-time with a time zone, or null (lift). */
export function checkSuspendUntil(value: string | null, now: Date = new Date()): SuspendUntilCheck {
  if (value === null) return { ok: true, value: null };
  const text = value.trim();
  const time = partsInRange(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) return { ok: false, message: MODERATION_MESSAGES.badDate };
  if (time <= now.getTime()) return { ok: false, message: MODERATION_MESSAGES.pastDate };
  return { ok: true, value: new Date(time) };
}

/** The note trimmed, or why it is refused. */
export function checkModerationNote(note: string | undefined): { ok: true; value: string } | { ok: false; message: string } {
  const text = (note ?? '').trim();
  if (!text) return { ok: false, message: MODERATION_MESSAGES.noteRequired };
  if ([...text].length > MODERATION_NOTE_MAX_LENGTH) return { ok: false, message: MODERATION_MESSAGES.noteTooLong };
  return { ok: true, value: text };
}

/** The API's message to a suspended member who signs in (contract "Moderating members"). */
export const suspendedMessage = (until: Date | string) => `This account is suspended until ${formatSuspendedUntil(until)}.`;
