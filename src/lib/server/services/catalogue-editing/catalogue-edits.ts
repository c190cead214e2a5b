// Catalogue editing (contract "Catalogue editing and review", docs/decisions/038): mods and admins
// edit a drama or a person at once; members suggest; mods and admins review suggestions, revert
// applied changes and lock fields against suggestions. Every applied change (direct, approved,
// revert) is ONE transaction: the record's row locked (SELECT … FOR UPDATE), the record and its
// updated_at written, the history entry and the suggestion's status written; once committed the
// change is announced (catalogueChanged: public answer caches forget, pre-rendered pages of the
// record are served fresh: content-freshness.ts reads updated_at). A suggestion or an entry remembers
// the values it started from: applying it after those fields changed is a 409 naming them.
// Who may call is the routes' guard (permissions.ts canEditCatalogue, canSuggestEdit).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { EDIT_FIELDS, EDIT_LIMITS, type EditField, type EditTarget } from '../../../catalogue-editing/edit-fields.ts';
import { catalogueFieldLocks, dramas, editHistory, editSuggestions, people, uploads } from '../../db/schema/index.ts';
import { afterCommit, withTransaction, type Executor } from '../../db/transactions.ts';
import { ConflictError, EditConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { catalogueChanged } from '../catalogue/catalogue-events.ts';
import { PROFILE_IMAGE_MESSAGE } from '../../../accounts/account-rules.ts';
import {
  adoptImage,
  checkUpload,
  commitImageChange,
  discardImage,
  lockStoredImage,
  releaseImage,
  removeObjects,
  type AdoptedImage,
} from '../uploads/uploads.ts';
import {
  changedSince,
  checkTogether,
  checkValues,
  diffValues,
  EDIT_MESSAGES,
  IMAGE_FIELD,
  lockRecord,
  notFound,
  readRecord,
  writeValues,
  type Changes,
  type WireValues,
} from './edit-values.ts';

export const EDITING_MESSAGES = {
  ...EDIT_MESSAGES,
  suggestionNotFound: 'Suggestion not found',
  entryNotFound: 'History entry not found',
  alreadyReviewed: 'This suggestion has already been reviewed',
  noteTooLong: `note must be at most ${EDIT_LIMITS.note} characters`,
  sourceNoteTooLong: `source_note must be at most ${EDIT_LIMITS.note} characters`,
  locked: (fields: string[]) => `Locked by a moderator against suggestions: ${fields.join(', ')}`,
  changedSinceSuggestion: (fields: string[]) => `These fields changed on the record since the suggestion was made: ${fields.join(', ')}`,
  changedSinceEntry: (fields: string[]) => `These fields changed on the record since this change was applied: ${fields.join(', ')}`,
  unknownField: (field: string) => `${field} is not an editable field`,
} as const;

const UPLOAD_PURPOSE = { drama: 'drama_banner', person: 'person_image' } as const;

/** An edit's body: the wire fields it sets (anything else was refused by the route's schema). */
export type EditInput = Record<string, unknown>;

/** A note as stored: trimmed, null when blank; 400 naming `field` when too long. */
function noteOf(value: string | undefined | null, field: string): string | null {
  const note = value?.trim() ? value.trim() : null;
  if (note !== null && [...note].length > EDIT_LIMITS.note) {
    throw new ValidationError(field === 'note' ? EDITING_MESSAGES.noteTooLong : EDITING_MESSAGES.sourceNoteTooLong, field);
  }
  return note;
}

/**
 * The image an edit names, when it changes: an upload of the caller's for this kind of record
 * (uploads.ts: a pending one is checked now and adopted by `adopt`; an image already made from an
 * upload of theirs is taken as it is). Anything else is a 400 naming the field.
 */
async function checkImage(db: Executor, userId: number, target: EditTarget, changes: Changes) {
  const field = IMAGE_FIELD[target];
  const url = changes[field]?.to;
  if (typeof url !== 'string') return undefined;
  const purpose = UPLOAD_PURPOSE[target];
  const [active] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.publicUrl, url), eq(uploads.userId, userId), eq(uploads.purpose, purpose), eq(uploads.status, 'active')))
    .limit(1);
  // checked again, locked, in the save's transaction (withImage): a rejection may let go of it meanwhile
  if (active) return { field, reused: { url, purpose } };
  return { field, checked: await checkUpload(db, userId, purpose, url, field) };
}

/**
 * What the record would become: checks the body (400 naming the field), reads the record (404), and
 * answers only the fields that really change (a body changing nothing is the spec's 400).
 */
async function prepare(db: Executor, target: EditTarget, id: number, input: EditInput): Promise<{ proposed: WireValues; changes: Changes }> {
  const proposed = await checkValues(db, target, input);
  if (Object.keys(proposed).length === 0) throw new ValidationError(EDITING_MESSAGES.noChanges);
  const record = await readRecord(db, target, id);
  const changes = diffValues(record.values, proposed);
  if (Object.keys(changes).length === 0) throw new ValidationError(EDITING_MESSAGES.noChanges);
  checkTogether(target, record.values, proposed);
  return { proposed, changes };
}

/**
 * checkTogether's refusal of a suggestion or an entry applied now (the record's other date changed
 * since): a 409 naming the date at fault, as an edit conflict; anything else as it is.
 */
function datesConflict(error: unknown): unknown {
  if (error instanceof ValidationError && error.field) return new EditConflictError(error.message, [error.field], 'dates');
  return error;
}

/** The values of `changes` on one side. */
const side = (changes: Changes, which: 'from' | 'to'): WireValues =>
  Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change![which]]));

/**
 * The changes' `to` values written to the record, with the history entry, in `tx` (the record's row
 * locked). The entry records what was written: a tag named in another case than the catalogue's
 * (one created since the suggestion was made) is recorded as the catalogue spells it.
 */
async function applyChanges(
  tx: Executor,
  target: EditTarget,
  id: number,
  proposed: Changes,
  entry: { userId: number | null; appliedById: number; source: 'direct' | 'suggestion' | 'revert'; suggestionId?: number; revertsId?: number },
): Promise<{ historyId: number; changes: Changes }> {
  const written = await writeValues(tx, target, id, side(proposed, 'to'));
  const changes: Changes = { ...proposed };
  if (changes.tags && written.tags !== undefined) changes.tags = { from: changes.tags.from, to: written.tags };
  const [row] = await tx
    .insert(editHistory)
    .values({
      targetType: target,
      targetId: id,
      userId: entry.userId,
      appliedById: entry.appliedById,
      source: entry.source,
      suggestionId: entry.suggestionId ?? null,
      revertsId: entry.revertsId ?? null,
      changes,
    })
    .returning({ id: editHistory.id });
  afterCommit(tx, catalogueChanged);
  return { historyId: row!.id, changes };
}

/**
 * Adopts the image the edit names (when it is a pending upload), runs `work` with the image's
 * public address, and gives the upload back if the work fails; deletes the upload's original once
 * the work committed.
 */
async function withImage<T>(
  db: Executor,
  userId: number,
  target: EditTarget,
  changes: Changes,
  work: (image: AdoptedImage | undefined, commit: (tx: Executor) => Promise<void>) => Promise<T>,
): Promise<T> {
  const checked = await checkImage(db, userId, target, changes);
  const image = checked?.checked ? await adoptImage(db, checked.checked) : undefined;
  const toRemove: string[] = [];
  // the catalogue's previous image is never deleted: the history (and a revert) still points at it
  const commit = async (tx: Executor) => {
    if (image) toRemove.push(...(await commitImageChange(tx, userId, null, image, IMAGE_FIELD[target])));
    // an image already stored, still there once locked: a rejection letting go of it waits for this
    // save, or came first and then the image is gone (400, as for any image not the member's)
    else if (checked?.reused && !(await lockStoredImage(tx, checked.reused.url, { userId, purpose: checked.reused.purpose }))) {
      throw new ValidationError(PROFILE_IMAGE_MESSAGE, checked.field);
    }
  };
  try {
    const result = await work(image, commit);
    await removeObjects(toRemove);
    return result;
  } catch (error) {
    if (image) await releaseImage(db, image);
    throw error;
  }
}

/**
 * A mod's or an admin's edit, applied at once (PUT /dramas/{id}, PUT /people/{id}): only the fields
 * that change are written and recorded (source direct, author and applier the caller).
 */
export async function editRecord(db: Executor, userId: number, target: EditTarget, id: number, input: EditInput): Promise<{ historyId: number; changes: Changes }> {
  const { proposed, changes: first } = await prepare(db, target, id, input);
  return withImage(db, userId, target, first, (image, commitImage) =>
    withTransaction(db, async (tx) => {
      await lockRecord(tx, target, id);
      const record = await readRecord(tx, target, id);
      const values = image ? { ...proposed, [IMAGE_FIELD[target]]: image.publicUrl } : proposed;
      checkTogether(target, record.values, values);
      const changes = diffValues(record.values, values);
      if (Object.keys(changes).length === 0) throw new ValidationError(EDITING_MESSAGES.noChanges);
      await commitImage(tx);
      return applyChanges(tx, target, id, changes, { userId, appliedById: userId, source: 'direct' });
    }),
  );
}

/** The fields of `fields` locked on the record against suggestions. */
async function lockedFields(db: Executor, target: EditTarget, id: number, fields: string[]): Promise<string[]> {
  if (fields.length === 0) return [];
  const rows = await db
    .select({ field: catalogueFieldLocks.field })
    .from(catalogueFieldLocks)
    .where(and(eq(catalogueFieldLocks.targetType, target), eq(catalogueFieldLocks.targetId, id), inArray(catalogueFieldLocks.field, fields)));
  const locked = new Set(rows.map((r) => r.field));
  return fields.filter((f) => locked.has(f));
}

/**
 * A member's suggestion (POST /dramas/{id}/edit-suggestions, POST /people/{id}/edit-suggestions):
 * the fields that change, each with the record's value now (`from`) and the proposed one (`to`), and
 * the optional source note. A field locked by a mod is a 409 naming it. Answers the suggestion's id.
 */
export async function suggestEdit(db: Executor, userId: number, target: EditTarget, id: number, input: EditInput, sourceNote?: string): Promise<number> {
  const note = noteOf(sourceNote, 'source_note');
  const { changes: first } = await prepare(db, target, id, input);
  const locked = await lockedFields(db, target, id, Object.keys(first));
  if (locked.length > 0) throw new EditConflictError(EDITING_MESSAGES.locked(locked), locked, 'locked');
  return withImage(db, userId, target, first, (image, commitImage) =>
    withTransaction(db, async (tx) => {
      const changes: Changes = { ...first };
      const field = IMAGE_FIELD[target];
      if (image && changes[field]) changes[field] = { from: changes[field].from, to: image.publicUrl };
      await commitImage(tx);
      const [row] = await tx
        .insert(editSuggestions)
        .values({ targetType: target, targetId: id, userId, changes, sourceNote: note })
        .returning({ id: editSuggestions.id });
      return row!.id;
    }),
  );
}

/**
 * Reviews a pending suggestion (POST /edit-suggestions/{id}/review), in one transaction that locks
 * the suggestion, then the record: reviewed already → 409; approving when a field changed on the
 * record since the suggestion was made, or locked since, → 409 naming the fields, nothing changed; approving applies the
 * change with its history entry (source suggestion, author the suggestion's, applier the reviewer);
 * rejecting keeps the note. Of two reviews at once, the second waits for the first's lock and finds
 * the suggestion reviewed (409).
 */
export async function reviewSuggestion(db: Executor, reviewerId: number, suggestionId: number, review: { approved: boolean; note?: string }): Promise<void> {
  const note = noteOf(review.note, 'note');
  const toRemove = await withTransaction(db, async (tx) => {
    const [suggestion] = isStorableId(suggestionId) ? await tx.select().from(editSuggestions).where(eq(editSuggestions.id, suggestionId)).for('update') : [];
    if (!suggestion) throw new NotFoundError(EDITING_MESSAGES.suggestionNotFound);
    if (suggestion.status !== 'pending') throw new ConflictError(EDITING_MESSAGES.alreadyReviewed);
    if (review.approved) {
      const target = suggestion.targetType;
      const changes = suggestion.changes as Changes;
      await lockRecord(tx, target, suggestion.targetId);
      // a field locked since the suggestion was made is refused as at suggesting (409 naming it)
      const locked = await lockedFields(tx, target, suggestion.targetId, Object.keys(changes));
      if (locked.length > 0) throw new EditConflictError(EDITING_MESSAGES.locked(locked), locked, 'locked');
      const record = await readRecord(tx, target, suggestion.targetId);
      const conflicts = changedSince(record.values, side(changes, 'from'));
      if (conflicts.length > 0) throw new EditConflictError(EDITING_MESSAGES.changedSinceSuggestion(conflicts), conflicts, 'changed');
      try {
        checkTogether(target, record.values, side(changes, 'to'));
      } catch (error) {
        // the other date changed since: the suggestion no longer fits the record
        throw datesConflict(error);
      }
      await applyChanges(tx, target, suggestion.targetId, changes, {
        userId: suggestion.userId,
        appliedById: reviewerId,
        source: 'suggestion',
        suggestionId: suggestion.id,
      });
    }
    await tx
      .update(editSuggestions)
      .set({ status: review.approved ? 'approved' : 'rejected', reviewerId, reviewNote: note, decidedAt: sql`now()` })
      .where(eq(editSuggestions.id, suggestionId));
    return review.approved ? [] : letGoOfSuggestedImage(tx, suggestion);
  });
  // once committed: a rejected suggestion's image that nothing else names leaves storage
  await removeObjects(toRemove);
}

/**
 * A suggestion ended without being applied (rejected: the only way one ends unapplied, docs/decisions/
 * 038 "A suggested image before review"): the stored image it proposed is let go of (its copies and
 * original marked deleted in `tx`; the keys answered are removed once committed), unless something
 * else names it: a drama's or a person's current value, an entry of the history, another pending
 * suggestion. Anything that is not a stored upload (generated art, a placeholder) is never touched.
 */
async function letGoOfSuggestedImage(tx: Executor, suggestion: { id: number; targetType: EditTarget; userId: number | null; changes: unknown }): Promise<string[]> {
  const field = IMAGE_FIELD[suggestion.targetType];
  const url = (suggestion.changes as Changes)[field]?.to;
  if (typeof url !== 'string') return [];
  // locked: a suggestion or an edit naming it now waits, then finds it gone (withImage). Only the
  // suggester's own upload for this field is ever let go of, whatever wrote the suggestion
  const image = await lockStoredImage(tx, url, { userId: suggestion.userId, purpose: UPLOAD_PURPOSE[suggestion.targetType] });
  if (!image) return [];
  const names = (changes: typeof editHistory.changes | typeof editSuggestions.changes) =>
    sql`(${changes} -> ${field}::text ->> 'to' = ${url} OR ${changes} -> ${field}::text ->> 'from' = ${url})`;
  const [use] = await tx
    .select({
      named: sql<boolean>`(
        EXISTS (SELECT 1 FROM ${dramas} WHERE ${dramas.bannerImage} = ${url})
        OR EXISTS (SELECT 1 FROM ${people} WHERE ${people.image} = ${url})
        OR EXISTS (SELECT 1 FROM ${editHistory} WHERE ${names(editHistory.changes)})
        OR EXISTS (SELECT 1 FROM ${editSuggestions} WHERE ${editSuggestions.status} = 'pending' AND ${editSuggestions.id} <> ${suggestion.id} AND ${names(editSuggestions.changes)})
      )`,
    })
    .from(uploads)
    .where(eq(uploads.id, image.id));
  if (use?.named) return [];
  return discardImage(tx, image);
}

/**
 * Reverts an applied change (POST /edit-history/{id}/revert): its `to → from` applied as a new entry
 * (source revert, reverts_id), author and applier the caller; a field changed since that entry → 409
 * naming the fields. Answers the new entry's id.
 */
export async function revertEntry(db: Executor, userId: number, entryId: number): Promise<number> {
  return withTransaction(db, async (tx) => {
    const [entry] = isStorableId(entryId) ? await tx.select().from(editHistory).where(eq(editHistory.id, entryId)) : [];
    if (!entry) throw new NotFoundError(EDITING_MESSAGES.entryNotFound);
    const target = entry.targetType;
    const changes = entry.changes as Changes;
    await lockRecord(tx, target, entry.targetId);
    const record = await readRecord(tx, target, entry.targetId);
    const conflicts = changedSince(record.values, side(changes, 'to'));
    if (conflicts.length > 0) throw new EditConflictError(EDITING_MESSAGES.changedSinceEntry(conflicts), conflicts, 'changed');
    const inverse: Changes = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, { from: change!.to, to: change!.from }]));
    try {
      checkTogether(target, record.values, side(inverse, 'to'));
    } catch (error) {
      throw datesConflict(error);
    }
    return (await applyChanges(tx, target, entry.targetId, inverse, { userId, appliedById: userId, source: 'revert', revertsId: entry.id })).historyId;
  });
}

// --- field locks ---

/** 400 unless `field` is an editable field of `target` (locks name wire fields). */
function assertField(target: EditTarget, field: string): EditField {
  if (!(EDIT_FIELDS[target] as readonly string[]).includes(field)) throw new ValidationError(EDITING_MESSAGES.unknownField(field), 'field');
  return field as EditField;
}

/** 404 unless the record exists. */
export async function assertRecord(db: Executor, target: EditTarget, id: number): Promise<void> {
  const storable = isStorableId(id);
  const rows = !storable
    ? []
    : target === 'drama'
      ? await db.select({ id: dramas.id }).from(dramas).where(eq(dramas.id, id))
      : await db.select({ id: people.id }).from(people).where(eq(people.id, id));
  if (rows.length === 0) throw notFound(target);
}

/** Locks a field of a record against suggestions (again: the note and the mod are replaced); answers the lock as written. */
export async function lockField(db: Executor, userId: number, target: EditTarget, id: number, field: string, noteText?: string): Promise<{ field: string; note: string | null; createdAt: Date }> {
  const name = assertField(target, field);
  const note = noteOf(noteText, 'note');
  await assertRecord(db, target, id);
  const [lock] = await db
    .insert(catalogueFieldLocks)
    .values({ targetType: target, targetId: id, field: name, lockedById: userId, note })
    .onConflictDoUpdate({ target: [catalogueFieldLocks.targetType, catalogueFieldLocks.targetId, catalogueFieldLocks.field], set: { lockedById: userId, note } })
    .returning({ field: catalogueFieldLocks.field, note: catalogueFieldLocks.note, createdAt: catalogueFieldLocks.createdAt });
  return lock!;
}

/** Unlocks a field (unlocked already: nothing to do). */
export async function unlockField(db: Executor, target: EditTarget, id: number, field: string): Promise<void> {
  const name = assertField(target, field);
  await assertRecord(db, target, id);
  await db
    .delete(catalogueFieldLocks)
    .where(and(eq(catalogueFieldLocks.targetType, target), eq(catalogueFieldLocks.targetId, id), eq(catalogueFieldLocks.field, name)));
}

/**
 * How many suggestions wait on a record: one statement, one probe of the partial index
 * edit_suggestions_pending_target_index; 404 when the record does not exist.
 */
export async function countPendingEdits(db: Executor, target: EditTarget, id: number): Promise<number> {
  const storable = isStorableId(id);
  const table = target === 'drama' ? dramas : people;
  // the partial index's own predicate (status = 'pending'), so the planner probes it
  const pending = sql<number>`(SELECT count(*)::int FROM edit_suggestions s WHERE s.target_type = ${target} AND s.target_id = ${id} AND s.status = 'pending')`;
  const rows = storable ? await db.select({ pending }).from(table).where(eq(table.id, id)) : [];
  if (!rows[0]) throw notFound(target);
  return rows[0].pending;
}
