// Casting: who plays in and makes each drama. People mostly work in their own country, famous
// people (the head of each fame-ordered pool) appear in many dramas, nobody is cast before the
// age of 16 in a main or support role. The result lives in typed arrays (about 13 credits per
// drama, 1.3 million at --scale 100000) and also tells each person's career for their biography.
import { COUNTRY_WEIGHTS } from './countries.ts';
import type { DramaPlan } from './drama-plan.ts';
import type { PeoplePlan } from './people-plan.ts';
import { rngFor, type Random } from './rng.ts';

export const CREDIT_ROLES = ['main', 'support', 'guest', 'director', 'screenwriter'] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/** credits of drama id d are entries offsets[d - 1] .. offsets[d] - 1 */
export interface Casting {
  offsets: Int32Array;
  person: Int32Array;
  role: Uint8Array;
  /** per person (id - 1): how much the public knows them, the drama that made them, career years */
  fame: Float32Array;
  bestDrama: Int32Array;
  firstYear: Uint16Array;
  credits: Uint16Array;
}

const COUNTS: Record<string, [number, number][]> = {
  // [min, max] of main, support, guest, director, screenwriter
  drama: [[2, 4], [4, 8], [0, 4], [1, 1], [1, 1]],
  movie: [[2, 3], [3, 7], [0, 2], [1, 1], [1, 1]],
  special: [[2, 3], [2, 5], [0, 0], [1, 1], [0, 1]],
  tv_show: [[2, 5], [2, 6], [2, 6], [1, 1], [0, 0]],
};
/** how strongly each role favours famous people (see Random.skewedIndex) */
const FAME_POWER = [1.8, 1.5, 1.1, 1.5, 1.5];
const ROLE_FAME = [3, 1.5, 0.4, 1, 0.8];
const MIN_AGE = [16, 16, 8, 24, 22];

function pickPerson(rng: Random, people: PeoplePlan, plan: DramaPlan, year: number, role: number, gender: number, used: Set<number>) {
  const profession = role <= 2 ? 0 : role - 2;
  for (let tries = 0; tries < 10; tries++) {
    const country = rng.chance(0.04) ? rng.weighted(COUNTRY_WEIGHTS) : plan.countryIndex;
    const g = profession === 0 && rng.chance(0.01) ? 2 : gender;
    const pool = people.pools[country][profession][g];
    if (pool.length === 0) continue;
    const id = pool[rng.skewedIndex(pool.length, FAME_POWER[role])];
    const age = year - people.birthYear[id - 1];
    if (!used.has(id) && age >= MIN_AGE[role] && age <= 85) return id;
  }
  return 0;
}

/** Casts every drama. `plans` are in id order (plans[i].id === i + 1); undated ones air next year. */
export function castDramas(seed: number, plans: readonly DramaPlan[], people: PeoplePlan, currentYear: number): Casting {
  let person = new Int32Array(plans.length * 16);
  let role = new Uint8Array(plans.length * 16);
  const offsets = new Int32Array(plans.length + 1);
  const fame = new Float32Array(people.count);
  const bestDrama = new Int32Array(people.count);
  const bestAppeal = new Float32Array(people.count);
  const firstYear = new Uint16Array(people.count);
  const credits = new Uint16Array(people.count);
  let n = 0;
  for (const plan of plans) {
    const rng = rngFor(seed, 'casting', plan.id);
    const used = new Set<number>();
    const counts = COUNTS[plan.type];
    const bl = plan.tags.includes("Boys' Love");
    for (let r = 0; r < 5; r++) {
      const k = rng.int(counts[r][0], counts[r][1]) + (r >= 3 && rng.chance(0.1) ? 1 : 0);
      for (let i = 0; i < k; i++) {
        // the first two leads are a man and a woman (two men in a Boys' Love story)
        const gender = r === 0 && i < 2 ? (i === 1 && !bl ? 1 : 0) : rng.chance(r === 3 ? 0.25 : 0.5) ? 1 : 0;
        const id = pickPerson(rng, people, plan, plan.year ?? currentYear + 1, r, gender, used);
        if (!id) continue;
        used.add(id);
        if (n === person.length) {
          person = growInt32(person);
          role = growUint8(role);
        }
        person[n] = id;
        role[n] = r;
        n++;
        const p = id - 1;
        fame[p] += ROLE_FAME[r] * Math.sqrt(plan.appeal);
        credits[p] = Math.min(65535, credits[p] + 1);
        if (plan.year && (firstYear[p] === 0 || plan.year < firstYear[p])) firstYear[p] = plan.year;
        if (r <= 1 && plan.appeal > bestAppeal[p]) {
          bestAppeal[p] = plan.appeal;
          bestDrama[p] = plan.id;
        }
      }
    }
    offsets[plan.id] = n;
  }
  return { offsets, person: person.subarray(0, n), role: role.subarray(0, n), fame, bestDrama, firstYear, credits };
}

function growInt32(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function growUint8(a: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(a.length * 2);
  b.set(a);
  return b;
}
