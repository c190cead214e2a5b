// Brotli and gzip twins of the static build's text files (HTML, CSS, JS, JSON, SVG, XML), written
// next to them after the build, so the site server (sirv with `brotli`/`gzip`) sends the smaller
// one to every browser that accepts it without compressing per request. A CDN in front would do the
// same. Files under 1 kB are left alone (the headers would outweigh the saving); so are Pagefind's
// index chunks, which are compressed already.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/**
 * Brotli's quality: the most for the hashed scripts and styles (a few dozen files every visitor
 * loads, cached for a year), 6 for the pages. Measured on a 65 kB drama page: quality 6 takes 2 ms
 * and writes 11.3 kB, quality 9 takes 101 ms for 11.2 kB, 11 takes 68 ms for 10.3 kB; with two
 * languages (2,048 pages) quality 9 made compression most of the build (~3 minutes on 2 cores).
 */
const brotliQuality = (file: string) => (file.includes(`${path.sep}_astro${path.sep}`) ? 11 : 6);

/** Writes `file.br` and `file.gz` beside each text file of `dir`: how many files and bytes saved. */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; saved: number }> {
  let files = 0;
  let bytes = 0;
  let saved = 0;
  const queue = [...textFiles(dir)];
  // a few at a time: the build machine has few cores and the files are many
  const work = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const source = fs.readFileSync(file);
      if (source.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gzip(source, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
      files++;
      bytes += source.length;
      saved += source.length - br.length;
    }
  };
  await Promise.all([work(), work(), work(), work()]);
  return { files, bytes, saved };
}
