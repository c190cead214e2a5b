// Turns the people plan into rows: names in the right script, nationality, birth date, biography
// (naming the work each person is best known for) and a portrait for nine in ten of them.
import type { ArtStudio } from './art-studio.ts';
import type { RowWriter } from './batch-insert.ts';
import { composeBiography } from './biography.ts';
import type { Casting } from './casting.ts';
import { COUNTRIES } from './countries.ts';
import type { DramaPlan } from './drama-plan.ts';
import { composePersonName, type PersonName } from './names.ts';
import { GENDERS, PROFESSIONS, type PeoplePlan } from './people-plan.ts';
import { rngFor } from './rng.ts';
import { formatDay, SITE_LAUNCH_DAY, stampOn } from './schedule.ts';

/** A person's name, from its own random stream so that credits can name hosts without the full record. */
export function namePerson(seed: number, id: number, people: PeoplePlan): { name: PersonName; female: boolean } {
  const rng = rngFor(seed, 'person-name', id);
  const g = people.gender[id - 1];
  const female = g === 2 ? rng.chance(0.5) : g === 1;
  return { name: composePersonName(rng, COUNTRIES[people.country[id - 1]], female), female };
}

function initialsOf(name: string): string {
  return name.split(/[\s-]+/).filter(Boolean).slice(0, 3).map((w) => w[0].toUpperCase()).join('');
}

export interface PersonRowContext {
  seed: number;
  today: number;
  people: PeoplePlan;
  casting: Casting;
  plans: readonly DramaPlan[];
  art: ArtStudio;
}

export function writePerson(id: number, ctx: PersonRowContext, writer: RowWriter): void {
  const { people, casting } = ctx;
  const i = id - 1;
  const rng = rngFor(ctx.seed, 'person', id);
  const country = COUNTRIES[people.country[i]];
  const { name, female } = namePerson(ctx.seed, id, people);
  const yearStart = Date.UTC(people.birthYear[i], 0, 1) / 86_400_000;
  const birthDate = formatDay(yearStart + rng.int(0, 364));
  const best = casting.bestDrama[i] ? ctx.plans[casting.bestDrama[i] - 1] : null;
  const biography = composeBiography(rng, {
    name: name.name,
    native: name.native,
    female,
    nationality: country.nationality,
    profession: PROFESSIONS[people.profession[i]],
    birthDate,
    country,
    firstYear: casting.firstYear[i] || null,
    knownFor: best ? { title: best.title.title, year: best.year } : null,
  });
  const nationality = [country.nationality];
  // a few people hold two nationalities (the filter answers "one or many")
  if (rng.chance(0.01)) {
    const other = COUNTRIES[rng.int(0, COUNTRIES.length - 1)].nationality;
    if (other !== country.nationality) nationality.push(other);
  }
  const image = rng.chance(0.9) ? ctx.art.portrait(id, female, initialsOf(name.name)) : null;
  const stamp = stampOn(rng, SITE_LAUNCH_DAY + rng.int(0, ctx.today - SITE_LAUNCH_DAY - 1));
  writer.add('people', [
    id, name.name, name.native, name.aka, biography, GENDERS[people.gender[i]], nationality, birthDate, image, stamp, stamp,
  ]);
}
