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
        brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
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
