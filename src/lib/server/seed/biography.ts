// A few sentences about a person: origin, training, the work that made them known, one more fact.
import { format } from 'date-fns';
import type { CountryProfile } from './countries.ts';
import type { Profession } from './people-plan.ts';
import type { Random } from './rng.ts';

const SCHOOLS: Record<string, readonly string[]> = {
  'South Korea': ['Dongguk University', 'Chung-Ang University', 'the Korea National University of Arts', 'Hanyang University'],
  China: ['the Beijing Film Academy', 'the Central Academy of Drama', 'the Shanghai Theatre Academy'],
  Japan: ['the Nihon University College of Art', 'Waseda University', 'Tama Art University'],
  Thailand: ['Chulalongkorn University', 'Srinakharinwirot University', 'Thammasat University'],
  Taiwan: ['the National Taiwan University of Arts', 'Taipei National University of the Arts'],
  'Hong Kong': ['the Hong Kong Academy for Performing Arts', 'the TVB Artiste Training Class'],
  Philippines: ['the University of the Philippines', 'Ateneo de Manila University'],
  Singapore: ['LASALLE College of the Arts', 'Ngee Ann Polytechnic'],
};
const AWARDS: Record<string, readonly string[]> = {
  'South Korea': ['Baeksang Arts Awards', 'KBS Drama Awards', 'SBS Drama Awards', 'MBC Drama Awards', 'Blue Dragon Film Awards'],
  China: ['Golden Eagle Awards', 'Magnolia Awards', 'Huading Awards'],
  Japan: ['Television Drama Academy Awards', 'Japan Academy Film Prize'],
  Thailand: ['Nataraja Awards', 'Kazz Awards', 'Howe Awards'],
  Taiwan: ['Golden Bell Awards', 'Golden Horse Awards'],
  'Hong Kong': ['TVB Anniversary Awards', 'Hong Kong Film Awards'],
  Philippines: ['PMPC Star Awards', 'FAMAS Awards'],
  Singapore: ['Star Awards', 'Asian Television Awards'],
};
const STARTS = ['a fashion model', 'a theatre actor', 'an idol trainee', 'a child actor', 'a musical actor', 'a commercial model', 'a dancer'];
const HOBBIES = ['photography', 'hiking', 'baking', 'painting', 'football', 'classical music', 'travel', 'calligraphy', 'cats'];

export interface BiographyFacts {
  name: string;
  native: string | null;
  female: boolean;
  nationality: string;
  profession: Profession;
  birthDate: string;
  country: CountryProfile;
  firstYear: number | null;
  /** the work they are best known for, if any */
  knownFor: { title: string; year: number | null } | null;
}

/** "March 4, 1992" (date-fns; built from local parts so the time zone cannot shift the day) */
function formatBirthDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'MMMM d, yyyy');
}

export function composeBiography(rng: Random, f: BiographyFacts): string {
  const he = f.female ? 'She' : 'He';
  const his = f.female ? 'her' : 'his';
  const job = f.profession === 'actor' ? (f.female && rng.chance(0.5) ? 'actress' : 'actor') : f.profession;
  const city = rng.pick(f.country.cities);
  const school = rng.pick(SCHOOLS[f.country.name] ?? ['a local university']);
  const native = f.native ? ` (${f.native})` : '';
  const out = [`${f.name}${native} is a ${f.nationality} ${job} born on ${formatBirthDate(f.birthDate)} in ${city}.`];
  if (f.profession === 'actor') {
    const debut = f.firstYear ? ` before making ${his} screen debut in ${f.firstYear}` : '';
    out.push(`${he} started out as ${rng.pick(STARTS)}${debut}.`);
  } else {
    const what = f.profession === 'director' ? 'film' : 'creative writing';
    out.push(`${he} studied ${what} at ${school} and spent several years as an assistant ${f.profession === 'director' ? 'director' : 'writer'}.`);
  }
  if (f.knownFor) {
    const year = f.knownFor.year ? ` (${f.knownFor.year})` : '';
    const verb = f.profession === 'actor' ? `${his} role in` : f.profession === 'director' ? 'directing' : 'writing';
    out.push(`${he} is best known for ${verb} "${f.knownFor.title}"${year}.`);
  }
  const extra = rng.int(0, 3);
  if (extra === 0 && f.knownFor) out.push(`${he} has won several awards, including at the ${rng.pick(AWARDS[f.country.name] ?? ['national awards'])}.`);
  if (extra === 1 && f.profession === 'actor') out.push(`${he} graduated from ${school}.`);
  if (extra === 2) out.push(`Away from the set, ${he.toLowerCase()} is known for ${his} love of ${rng.pick(HOBBIES)}.`);
  return out.join(' ');
}
