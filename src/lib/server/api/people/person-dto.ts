// Mappers from the services' rows to the answers of the people calls (their schemas: src/lib/api/wire/people.ts).
import { z } from '@hono/zod-openapi';
import { ageOn, todayUtc } from '../../../people/person-facts.ts';
import type { getPerson, PersonSummaryRow } from '../../services/people/people.ts';
import { PersonSchema, PersonSummarySchema } from '../../../api/wire/people.ts';

export function toPersonSummary(row: PersonSummaryRow, today = todayUtc()): z.infer<typeof PersonSummarySchema> {
  return { ...row, age: ageOn(row.date_of_birth, today) };
}

export function toPerson(person: Awaited<ReturnType<typeof getPerson>>, today = todayUtc()): z.infer<typeof PersonSchema> {
  return {
    id: person.id,
    name: person.name,
    native_name: person.nativeName,
    biography: person.biography ?? '',
    gender: person.gender,
    nationality: person.nationality,
    date_of_birth: person.dateOfBirth,
    age: ageOn(person.dateOfBirth, today),
    image: person.image,
    also_known_as: person.alsoKnownAs,
    hearts: person.hearts,
    popularity: person.popularity,
  };
}
