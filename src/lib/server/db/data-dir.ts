import fs from 'node:fs';

/**
 * DATA_DIR holds the embedded database (its files and its socket, which accepts anyone who can
 * reach it as the superuser), generated secrets, the mail outbox (with reset links) and media: it
 * belongs to the user the site runs as, and nobody else on the host may read or write in it. Sets
 * the process's umask to 077 (so every file and folder created from now on, PGlite's included, is
 * 0600/0700), creates DATA_DIR as 0700, and takes group and other access off an existing one.
 * Answers whether an existing DATA_DIR was tightened.
 */
export function protectDataDir(dataDir: string): boolean {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return false;
  fs.chmodSync(dataDir, mode & 0o700);
  return true;
}

/**
 * Takes group and other access off every file and folder under `dir`. PGlite unpacks a new
 * database's files with mode 0666 whatever the umask (files it creates later follow the umask);
 * existing data directories of earlier versions have such files too.
 */
export function makePrivate(dir: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = `${entry.parentPath}/${entry.name}`;
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077) fs.chmodSync(file, mode & 0o700);
  }
}
