// The members' side of the demo: accounts, watch lists, hearts, favourites and follows. Members are
// generated one at a time and written in batches, so memory stays flat at --scale 100000.
import { DEMO_ACCOUNTS, FIRST_MEMBER_ID } from './accounts.ts';
import { profileArt } from './art-studio.ts';
import type { RowWriter } from './batch-insert.ts';
import type { Casting } from './casting.ts';
import type { DramaPlan } from './drama-plan.ts';
import { usernameSkeleton } from '../../accounts/username-rules.ts';
import { composeMember, listDemoMembers, reserveDemoUsernames, type Member } from './members.ts';
import { rngFor, type Random } from './rng.ts';
import { stampOn } from './schedule.ts';
import { writeListEntry, type WrittenEntry } from './watchlists.ts';
import { WeightedSampler } from './weighted-sampler.ts';

export interface CommunityPlan {
  seed: number;
  today: number;
  plans: readonly DramaPlan[];
  casting: Casting;
  /** generated members, besides the demo accounts */
  members: number;
  /** average list length */
  listMean: number;
  /** password hashes: one per demo account, one shared by every generated member */
  staffHashes: readonly string[];
  memberHash: string;
}

/**
 * How likely members are to list each drama, by rank of appeal: nearly flat over the first ~170, so
 * that the top ~150 collect the 100 votes a rank needs even in the small default catalogue, then
 * falling like real popularity (most of a large catalogue has few or no watchers).
 */
export function weighDramas(plans: readonly DramaPlan[]): Float64Array {
  const order = plans.map((p, i) => i).sort((a, b) => plans[b].appeal - plans[a].appeal || a - b);
  const weights = new Float64Array(plans.length);
  order.forEach((index, rank) => {
    // a plateau over the first ~170 ranks, then a long 1/rank tail
    weights[index] = 1 / (1 + (rank / 170) ** 4) + 10 / (rank + 30);
  });
  return weights;
}

function writeUser(seed: number, m: Member, role: string, hash: string, rng: Random, writer: RowWriter): void {
  const joined = stampOn(rng, m.joinedDay);
  // a stream of its own: every other row of the seed is what it was before members had images
  const art = profileArt(seed, m.id, rngFor(seed, 'profile-art', m.id), m.id < FIRST_MEMBER_ID);
  writer.add('users', [m.id, m.email, m.username, m.fullName, m.bio, role, hash, joined, joined, joined, art.avatar, art.cover, usernameSkeleton(m.username)]);
}

/** hearts and favourite people: mostly the famous, some obscure */
function writeFandom(rng: Random, m: Member, hearts: WeightedSampler, today: number, writer: RowWriter): void {
  const staff = m.id < FIRST_MEMBER_ID;
  const count = staff ? 12 : rng.chance(0.35) ? 0 : Math.min(60, Math.floor(Math.exp(rng.float(0, 3))));
  const people = hearts.drawDistinct(rng, count).map((i) => i + 1);
  const when = () => stampOn(rng, m.joinedDay + Math.floor((today - 1 - m.joinedDay) * rng.next()));
  for (const personId of people) writer.add('person_hearts', [m.id, personId, when()]);
  if (staff || rng.chance(0.5)) for (const personId of people.slice(0, 5)) writer.add('favourite_people', [m.id, personId, when()]);
}

function writeFavouriteDramas(rng: Random, m: Member, entries: WrittenEntry[], today: number, writer: RowWriter): void {
  if (m.id >= FIRST_MEMBER_ID && rng.chance(0.4)) return;
  const best = entries
    .filter((e) => e.status === 'completed' && (e.score ?? 0) >= 8)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.dramaId - b.dramaId)
    .slice(0, 5);
  for (const e of best) writer.add('favourite_dramas', [m.id, e.dramaId, stampOn(rng, today - 1 - rng.int(0, 30))]);
}

/** Writes members, lists and fandom; returns the members' join days for the follows. */
export async function writeMembers(plan: CommunityPlan, writer: RowWriter): Promise<Int32Array> {
  const dramas = new WeightedSampler(weighDramas(plan.plans));
  const hearts = new WeightedSampler(Array.from(plan.casting.fame, (f) => f ** 1.3 + 0.01));
  const taken = reserveDemoUsernames();
  const total = DEMO_ACCOUNTS.length + plan.members;
  const joined = new Int32Array(total + 1);
  const ids = { entry: 1, activity: 1 };
  const staff = listDemoMembers();
  for (let id = 1; id <= total; id++) {
    const rng = rngFor(plan.seed, 'member-life', id);
    const extras = rngFor(plan.seed, 'list-extras', id);
    const m = id < FIRST_MEMBER_ID ? staff[id - 1] : composeMember(plan.seed, id, plan.today, taken);
    joined[id] = m.joinedDay;
    writeUser(plan.seed, m, id < FIRST_MEMBER_ID ? DEMO_ACCOUNTS[id - 1].role : 'user', id < FIRST_MEMBER_ID ? plan.staffHashes[id - 1] : plan.memberHash, rng, writer);
    const sigma = 0.9;
    const length = id < FIRST_MEMBER_ID ? 48 : Math.round(Math.exp(rng.normal(Math.log(plan.listMean) - (sigma * sigma) / 2, sigma)));
    const taste = rng.normal(0, 0.45);
    const entries = dramas
      .drawDistinct(rng, Math.min(length, 400))
      .sort((a, b) => a - b)
      .map((i) => writeListEntry(rng, extras, id, m.joinedDay, taste, plan.plans[i], { today: plan.today, ids }, writer, {
        rewatchChance: id < FIRST_MEMBER_ID ? 0.25 : 0.03,
      }));
    writeFavouriteDramas(rng, m, entries, plan.today, writer);
    writeFandom(rng, m, hearts, plan.today, writer);
    await writer.flushIfFull();
  }
  await writer.flushAll();
  return joined;
}

/** Follows, once every member exists: popular members gather most followers; the demo accounts some. */
export async function writeFollows(seed: number, today: number, joined: Int32Array, writer: RowWriter): Promise<void> {
  const total = joined.length - 1;
  // a Zipf-like weight repeating every 97 ids spreads the popular members over the id range
  const influence = new WeightedSampler(Array.from({ length: total }, (_, i) => (i < DEMO_ACCOUNTS.length ? 0.6 : 1 / ((i % 97) + 1))));
  for (let id = 1; id <= total; id++) {
    const rng = rngFor(seed, 'follows', id);
    const count = id < FIRST_MEMBER_ID ? 15 : rng.chance(0.3) ? 0 : Math.floor(Math.exp(rng.float(0, 3)));
    for (const i of influence.drawDistinct(rng, Math.min(count, total - 1))) {
      const followee = i + 1;
      if (followee === id) continue;
      const since = Math.max(joined[id], joined[followee]);
      writer.add('follows', [id, followee, stampOn(rng, since + Math.floor((today - 1 - since) * rng.next()))]);
    }
    await writer.flushIfFull();
  }
  await writer.flushAll();
}
