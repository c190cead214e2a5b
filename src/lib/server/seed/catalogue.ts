// The catalogue phase of the seed: plan every drama and person, cast the dramas, paint the art,
// then stream people, dramas and their children into the database in batches.
import type pg from 'pg';
import { ArtStudio } from './art-studio.ts';
import { RowWriter } from './batch-insert.ts';
import { castDramas, type Casting } from './casting.ts';
import { planDrama, type DramaPlan } from './drama-plan.ts';
import { writeDrama } from './drama-rows.ts';
import { planPeople } from './people-plan.ts';
import { writePerson } from './people-rows.ts';
import { yearOfDay } from './schedule.ts';
import { TABLES } from './tables.ts';
import { GENRES, TAGS } from './taxonomy.ts';

export interface CatalogueOptions {
  seed: number;
  today: number;
  dramas: number;
  people: number;
  mediaDir: string;
  pooledArt: boolean;
  batchSize: number;
  log: (message: string) => void;
}

export interface Catalogue {
  plans: DramaPlan[];
  casting: Casting;
  counts: Record<string, number>;
  artFiles: number;
}

/** Plans the whole catalogue in memory (about 100 bytes a drama), without writing anything. */
export function planCatalogue(options: Pick<CatalogueOptions, 'seed' | 'today' | 'dramas' | 'people'>) {
  const currentYear = yearOfDay(options.today);
  const ctx = { seed: options.seed, today: options.today, currentYear, takenTitles: new Set<string>(), lastSeries: new Map() };
  const plans = Array.from({ length: options.dramas }, (_, i) => planDrama(ctx, i + 1));
  const people = planPeople(options.seed, options.people, currentYear);
  const casting = castDramas(options.seed, plans, people, currentYear);
  return { plans, people, casting };
}

export async function writeCatalogue(client: pg.ClientBase, options: CatalogueOptions): Promise<Catalogue> {
  const { seed, today, log } = options;
  log(`Planning ${options.dramas.toLocaleString('en')} dramas and ${options.people.toLocaleString('en')} people…`);
  const { plans, people, casting } = planCatalogue(options);

  const art = new ArtStudio(seed, options.mediaDir, options.pooledArt);
  art.prepare();
  const writer = new RowWriter(client, options.batchSize).register(
    TABLES.genres, TABLES.tags, TABLES.people, TABLES.dramas, TABLES.dramaGenres, TABLES.dramaTags, TABLES.dramaPhotos,
    TABLES.episodes, TABLES.credits,
  );
  GENRES.forEach((name, i) => writer.add('genres', [i + 1, name]));
  TAGS.forEach((name, i) => writer.add('tags', [i + 1, name]));

  log('Writing people…');
  const personCtx = { seed, today, people, casting, plans, art };
  for (let id = 1; id <= people.count; id++) {
    writePerson(id, personCtx, writer);
    await writer.flushIfFull();
  }
  // every person must exist before the first credit points at one
  await writer.flushAll();

  log('Writing dramas, episodes and credits…');
  const dramaCtx = { seed, today, art, casting, people, ids: { photo: 1, episode: 1, credit: 1 } };
  for (const plan of plans) {
    writeDrama(plan, dramaCtx, writer);
    await writer.flushIfFull();
  }
  await writer.flushAll();
  return { plans, casting, counts: writer.counts(), artFiles: art.files };
}
