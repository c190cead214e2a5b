// The cheap facts about every person (country, job, gender, birth year), decided up front so that
// casting can pick fitting people before anyone's full record is written. Kept in typed arrays:
// at --scale 100000 there are 300,000 people.
import { COUNTRIES, COUNTRY_WEIGHTS } from './countries.ts';
import { rngFor } from './rng.ts';

export const PROFESSIONS = ['actor', 'director', 'screenwriter'] as const;
export type Profession = (typeof PROFESSIONS)[number];
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export interface PeoplePlan {
  count: number;
  /** index into COUNTRIES, by person id - 1 */
  country: Uint8Array;
  /** index into PROFESSIONS */
  profession: Uint8Array;
  /** index into GENDERS */
  gender: Uint8Array;
  birthYear: Uint16Array;
  /** person ids by country, job and gender, most famous first: pools[country][profession][gender] */
  pools: number[][][][];
}

/** Decides country, job, gender and birth year of people 1..count. */
export function planPeople(seed: number, count: number, currentYear: number): PeoplePlan {
  const plan: PeoplePlan = {
    count,
    country: new Uint8Array(count),
    profession: new Uint8Array(count),
    gender: new Uint8Array(count),
    birthYear: new Uint16Array(count),
    pools: COUNTRIES.map(() => PROFESSIONS.map(() => GENDERS.map(() => [] as number[]))),
  };
  for (let id = 1; id <= count; id++) {
    const rng = rngFor(seed, 'person-plan', id);
    const i = id - 1;
    const country = rng.weighted(COUNTRY_WEIGHTS);
    const profession = rng.weighted([[0, 84], [1, 8], [2, 8]] as const);
    const femaleShare = profession === 0 ? 0.5 : profession === 1 ? 0.25 : 0.55;
    const gender = rng.chance(0.01) ? 2 : rng.chance(femaleShare) ? 1 : 0;
    const age = profession === 0 ? rng.normal(36, 12) : rng.normal(48, 10);
    const clamped = Math.round(Math.min(75, Math.max(profession === 0 ? 18 : 28, age)));
    plan.country[i] = country;
    plan.profession[i] = profession;
    plan.gender[i] = gender;
    plan.birthYear[i] = currentYear - clamped;
    plan.pools[country][profession][gender].push(id);
  }
  // Fame order: a seeded shuffle, so the most cast people are spread over the id range.
  plan.pools.forEach((byJob, c) =>
    byJob.forEach((byGender, p) => byGender.forEach((pool, g) => rngFor(seed, 'fame', c * 100 + p * 10 + g).shuffle(pool))),
  );
  return plan;
}
