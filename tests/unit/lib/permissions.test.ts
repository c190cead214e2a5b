import { describe, expect, it } from 'vitest';
import * as rules from '../../../src/lib/users/permissions.ts';
import type { Actor, Viewer } from '../../../src/lib/users/permissions.ts';

// Every rule of src/lib/users/permissions.ts over every kind of caller: a visitor, a member, a mod
// and an admin, each also suspended; "own" records are the caller's (id 1), others' are id 9's.

const NOW = new Date('2026-11-28T12:00:00Z');
const LATER = '2026-12-01T00:00:00Z';
const EARLIER = new Date('2026-11-01T00:00:00Z');

const member: Actor = { id: 1, role: 'user' };
const mod: Actor = { id: 1, role: 'mod' };
const admin: Actor = { id: 1, role: 'admin' };
const suspend = (a: Actor): Actor => ({ ...a, suspendedUntil: LATER });

type Who = 'visitor' | 'member' | 'mod' | 'admin';
const CALLERS: [Who, Viewer][] = [
  ['visitor', null],
  ['member', member],
  ['mod', mod],
  ['admin', admin],
];
const own = { authorId: 1 };
const others = { authorId: 9 };

/** Asserts `rule` for each caller as `allowed` says, and false for each caller suspended. */
function expectRule(rule: (user: Viewer, now?: Date) => boolean, allowed: Who[], writes = true) {
  for (const [who, user] of CALLERS) {
    expect(rule(user, NOW), `${who}`).toBe(allowed.includes(who));
    if (user && writes) expect(rule(suspend(user), NOW), `${who}, suspended`).toBe(false);
  }
}

describe('permissions', () => {
  it('suspension: until a time to come (a Date or an ISO string); a past one or none is not; a garbled one is', () => {
    expect(rules.isSuspended({ ...member, suspendedUntil: LATER }, NOW)).toBe(true);
    expect(rules.isSuspended({ ...member, suspended_until: LATER }, NOW)).toBe(true);
    expect(rules.isSuspended({ ...member, suspendedUntil: EARLIER }, NOW)).toBe(false);
    expect(rules.isSuspended({ ...member, suspendedUntil: null }, NOW)).toBe(false);
    expect(rules.isSuspended(member, NOW)).toBe(false);
    expect(rules.isSuspended({ ...member, suspendedUntil: 'not a date' }, NOW)).toBe(true);
    expect(rules.isSuspended(null, NOW)).toBe(false);
    expect(rules.canWrite({ ...mod, suspendedUntil: EARLIER }, NOW)).toBe(true);
  });

  it('member writes: any member, never a visitor or a suspended member', () => {
    expectRule(rules.canWrite, ['member', 'mod', 'admin']);
    expectRule(rules.canSuggestEdit, ['member', 'mod', 'admin']);
  });

  it('editing the catalogue, moderating, resolving reports: mod and admin', () => {
    expectRule(rules.canEditCatalogue, ['mod', 'admin']);
    expectRule(rules.canModerate, ['mod', 'admin']);
    expectRule(rules.canResolveReports, ['mod', 'admin']);
  });

  it('managing roles: admin only', () => {
    expectRule(rules.canManageRoles, ['admin']);
  });

  it('staff and admin by role', () => {
    expectRule(rules.isStaff, ['mod', 'admin'], false);
    expectRule(rules.isAdmin, ['admin'], false);
    expectRule(rules.isSignedIn, ['member', 'mod', 'admin'], false);
  });

  it('reading edit suggestions: staff all, a member only their own (mine=true)', () => {
    expectRule((u) => rules.canReadEditSuggestions(u), ['mod', 'admin'], false);
    expectRule((u) => rules.canReadEditSuggestions(u, { mine: true }), ['member', 'mod', 'admin'], false);
    expectRule((u) => rules.canSeeEditConflicts(u), ['mod', 'admin'], false);
  });

  it('a comment: its author edits it; its author, a mod or an admin deletes it', () => {
    expectRule((u, now) => rules.canEditComment(u, own, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canEditComment(u, others, now), []);
    expectRule((u, now) => rules.canDeleteComment(u, own, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canDeleteComment(u, others, now), ['mod', 'admin']);
    // the wire's field names work as well as the row's
    expect(rules.canEditComment(member, { author_id: 1 }, NOW)).toBe(true);
    expect(rules.canEditComment(member, { user_id: 9 }, NOW)).toBe(false);
    expect(rules.canDeleteComment(member, null, NOW)).toBe(false);
  });

  it('a post: its author edits it; its author, a mod or an admin deletes it', () => {
    expectRule((u, now) => rules.canEditPost(u, own, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canEditPost(u, others, now), []);
    expectRule((u, now) => rules.canDeletePost(u, own, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canDeletePost(u, others, now), ['mod', 'admin']);
  });

  it('a reaction is taken back, a quote detached, by its member only (staff no more)', () => {
    expectRule((u, now) => rules.canDeleteReaction(u, { userId: 1 }, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canDeleteReaction(u, { userId: 9 }, now), []);
    expectRule((u, now) => rules.canDetachQuote(u, own, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canDetachQuote(u, others, now), []);
    expectRule((u, now) => rules.canRepostPost(u, others, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canRepostPost(u, own, now), []);
  });

  it("replying to a post follows its reply control; its author, mods and admins always may", () => {
    expectRule((u, now) => rules.canReplyToPost(u, { ...others, replyControl: 'everyone' }, false, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canReplyToPost(u, { ...others }, false, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canReplyToPost(u, { ...others, reply_control: 'following' }, false, now), ['mod', 'admin']);
    expectRule((u, now) => rules.canReplyToPost(u, { ...others, replyControl: 'following' }, true, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canReplyToPost(u, { ...others, replyControl: 'nobody' }, true, now), ['mod', 'admin']);
    expectRule((u, now) => rules.canReplyToPost(u, { ...own, replyControl: 'nobody' }, false, now), ['member', 'mod', 'admin']);
  });

  it('acting on a member: staff, never on oneself, and a mod never on a mod or an admin', () => {
    const target = (role: string) => ({ id: 9, role });
    expectRule((u, now) => rules.canActOnMember(u, target('user'), now), ['mod', 'admin']);
    expectRule((u, now) => rules.canActOnMember(u, target('mod'), now), ['admin']);
    expectRule((u, now) => rules.canActOnMember(u, target('admin'), now), ['admin']);
    expectRule((u, now) => rules.canActOnMember(u, { id: 9 }, now), ['mod', 'admin']);
    for (const [who, user] of CALLERS) {
      expect(rules.canActOnMember(user, { id: 1, role: user?.role ?? 'user' }, NOW), `${who} on themselves`).toBe(false);
    }
    expect(rules.canActOnMember(admin, null, NOW)).toBe(false);
  });

  it('one\'s profile is edited by oneself; following is for anyone but oneself', () => {
    expectRule((u, now) => rules.canEditProfile(u, { id: 1 }, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canEditProfile(u, { id: 9 }, now), []);
    expectRule((u, now) => rules.canFollow(u, { id: 9 }, now), ['member', 'mod', 'admin']);
    expectRule((u, now) => rules.canFollow(u, { id: 1 }, now), []);
  });

  it('watch lists are read by anyone unless private; private ones by their member only (not staff)', () => {
    expectRule((u) => rules.canReadLists(u, { id: 9 }), ['visitor', 'member', 'mod', 'admin'], false);
    expectRule((u) => rules.canReadLists(u, { id: 9, listsPrivate: true }), [], false);
    expectRule((u) => rules.canReadLists(u, { id: 1, lists_private: true }), ['member', 'mod', 'admin'], false);
  });
});
