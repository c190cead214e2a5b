// Writes the generated art under `${mediaDir}/art/` and answers the public URLs (/media/art/...).
// The default catalogue gets one titled poster and banner per drama and one portrait per person;
// large catalogues (--scale) share pools of untitled art, so the seed never writes 100k files.
import fs from 'node:fs';
import path from 'node:path';
import { ALL_PALETTES, PALETTES } from './art-palettes.ts';
import { drawPortrait, drawStill } from './art-people.ts';
import { drawBanner, drawPoster, type CoverText } from './art-poster.ts';
import { hashString, rngFor } from './rng.ts';
import type { Mood } from './taxonomy.ts';

const MOODS: readonly Mood[] = ['romance', 'dark', 'historical', 'fantasy', 'bright', 'work', 'action', 'show'];
const POOL_PER_MOOD = 60;
const PORTRAIT_POOL = 250;
const STILLS_PER_MOOD = 40;
/** members' generated profile images: a small shared pool (never an upload: never deleted by a profile edit) */
const PROFILE_AVATARS = 24;
const PROFILE_COVERS = 16;

/** The generated avatar and cover of a demo member, or null (the page then shows initials / the default cover). */
export function profileArt(seed: number, id: number, rng: { chance(p: number): boolean; int(min: number, max: number): number }, staff: boolean) {
  const avatar = staff || rng.chance(0.3) ? `/media/art/profiles/avatar-${(hashString(`avatar${id}`) + seed) % PROFILE_AVATARS}.svg` : null;
  const cover = staff || rng.chance(0.4) ? `/media/art/profiles/cover-${(hashString(`cover${id}`) + seed) % PROFILE_COVERS}.svg` : null;
  return { avatar, cover };
}

export class ArtStudio {
  private readonly root: string;
  private readonly seed: number;
  readonly pooled: boolean;
  files = 0;

  constructor(seed: number, mediaDir: string, pooled: boolean) {
    this.seed = seed;
    this.pooled = pooled;
    this.root = path.join(mediaDir, 'art');
  }

  /** Clears the art of a previous seed and paints the shared stills (and pools, when pooled). */
  prepare(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
    for (const dir of ['dramas', 'people', 'stills', 'pool', 'profiles']) fs.mkdirSync(path.join(this.root, dir), { recursive: true });
    for (let k = 0; k < PROFILE_AVATARS; k++) {
      const rng = rngFor(this.seed, 'profile-avatar', k);
      this.write(`profiles/avatar-${k}.svg`, drawPortrait(rng, rng.pick(ALL_PALETTES), k % 2 === 1, 'a'));
    }
    for (let k = 0; k < PROFILE_COVERS; k++) {
      const rng = rngFor(this.seed, 'profile-cover', k);
      const mood = MOODS[k % MOODS.length]!;
      this.write(`profiles/cover-${k}.svg`, drawBanner(rng, mood, rng.pick(PALETTES[mood]), 'c'));
    }
    for (const mood of MOODS) {
      for (let k = 0; k < STILLS_PER_MOOD; k++) {
        const rng = rngFor(this.seed, `still-${mood}`, k);
        this.write(`stills/${mood}-${k}.svg`, drawStill(rng, mood, rng.pick(PALETTES[mood]), 'x'));
      }
      if (!this.pooled) continue;
      for (let k = 0; k < POOL_PER_MOOD; k++) {
        const rng = rngFor(this.seed, `pool-${mood}`, k);
        this.write(`pool/poster-${mood}-${k}.svg`, drawPoster(rng, mood, rng.pick(PALETTES[mood]), 'p'));
        this.write(`pool/banner-${mood}-${k}.svg`, drawBanner(rng, mood, rng.pick(PALETTES[mood]), 'b'));
      }
    }
    if (this.pooled) {
      for (let k = 0; k < PORTRAIT_POOL * 2; k++) {
        const rng = rngFor(this.seed, 'pool-portrait', k);
        this.write(`pool/portrait-${k}.svg`, drawPortrait(rng, rng.pick(ALL_PALETTES), k % 2 === 1, 'q'));
      }
    }
  }

  private write(relative: string, svg: string): string {
    fs.writeFileSync(path.join(this.root, relative), svg);
    this.files++;
    return `/media/art/${relative}`;
  }

  private poolIndex(id: number, kind: string, size: number): number {
    return (hashString(`${kind}${id}`) + this.seed) % size;
  }

  poster(id: number, mood: Mood, text: CoverText, variant = 'poster'): string {
    if (this.pooled) return `/media/art/pool/poster-${mood}-${this.poolIndex(id, variant, POOL_PER_MOOD)}.svg`;
    const rng = rngFor(this.seed, `art-${variant}`, id);
    return this.write(`dramas/${id}-${variant}.svg`, drawPoster(rng, mood, rng.pick(PALETTES[mood]), 'p', text));
  }

  banner(id: number, mood: Mood): string {
    if (this.pooled) return `/media/art/pool/banner-${mood}-${this.poolIndex(id, 'banner', POOL_PER_MOOD)}.svg`;
    const rng = rngFor(this.seed, 'art-banner', id);
    return this.write(`dramas/${id}-banner.svg`, drawBanner(rng, mood, rng.pick(PALETTES[mood]), 'b'));
  }

  portrait(id: number, female: boolean, initials: string): string {
    if (this.pooled) return `/media/art/pool/portrait-${this.poolIndex(id, 'portrait', PORTRAIT_POOL) * 2 + (female ? 1 : 0)}.svg`;
    const rng = rngFor(this.seed, 'art-portrait', id);
    return this.write(`people/${id}.svg`, drawPortrait(rng, rng.pick(ALL_PALETTES), female, 'q', initials));
  }

  /** URL of a shared still of this mood (stills carry no text, so every catalogue shares them) */
  still(mood: Mood, pick: number): string {
    return `/media/art/stills/${mood}-${pick % STILLS_PER_MOOD}.svg`;
  }
}
