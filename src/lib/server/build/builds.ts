// The builds of the site on disk (docs/decisions/013):
//
//   dist/builds/<id>/            one complete build: client/ (static files), server/ (on-demand
//                                pages), build-info.json (written last: a build without it is
//                                unfinished or failed)
//   dist/builds/<id>.building    "host pid" of the process building it, while it builds
//   dist/current -> builds/<id>  the build new instances serve, switched atomically (rename(2))
//   dist/leases/<host>-<pid>     the build a running instance serves: never pruned while it runs
//
// A build never touches another build's folder, so instances serving the previous build keep
// serving it, unharmed, until they switch to the new one (scripts/start-site.ts looks at
// dist/current every second; docs/decisions/038) or, for a build of other sources, are restarted.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildInfo } from './build-info.ts';
import { isProcessAlive } from '../processes.ts';

export interface Build {
  id: string;
  /** dist/builds/<id> (the real path, whatever `current` points to later) */
  dir: string;
  clientDir: string;
  serverEntry: string;
  info: BuildInfo;
}

const INFO_FILE = 'build-info.json';
/** the current build and the one before it stay; older ones go unless an instance serves them */
export const KEEP_BUILDS = 2;

const buildsDir = (distDir: string) => path.join(distDir, 'builds');
const currentLink = (distDir: string) => path.join(distDir, 'current');
const leasesDir = (distDir: string) => path.join(distDir, 'leases');
const hostName = () => os.hostname().replace(/[^\w.-]/g, '_');

/** "host pid" written by a process on this or another host: alive unless it is ours and gone. */
function ownerIsAlive(owner: string): boolean {
  const [host, pid] = owner.trim().split(' ');
  if (host !== hostName()) return true; // another host's process: we cannot tell, keep it
  return Boolean(Number(pid)) && isProcessAlive(Number(pid));
}

/** A new, empty build folder, marked as being built by this process. */
export function startBuild(distDir: string): { id: string; dir: string; finish(info: BuildInfo): void; abandon(): void } {
  const stamp = new Date().toISOString().replace(/[-:.]/g, ''); // 20261125T101500123Z
  const id = `${stamp}-${randomBytes(3).toString('hex')}`;
  const dir = path.join(buildsDir(distDir), id);
  const marker = `${dir}.building`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(marker, `${hostName()} ${process.pid}`);
  return {
    id,
    dir,
    /** records the build's info (which completes it) */
    finish(info) {
      fs.writeFileSync(path.join(dir, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
      fs.rmSync(marker, { force: true });
    },
    abandon() {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(marker, { force: true });
    },
  };
}

/** A complete build by id, or undefined. */
export function readBuild(distDir: string, id: string): Build | undefined {
  const dir = path.join(buildsDir(distDir), id);
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dir, INFO_FILE), 'utf8')) as BuildInfo;
    return { id, dir, clientDir: path.join(dir, 'client'), serverEntry: path.join(dir, 'server', 'entry.mjs'), info };
  } catch {
    return undefined;
  }
}

/** The id `dist/current` points to, or undefined. */
export function currentBuildId(distDir: string): string | undefined {
  try {
    return path.basename(fs.readlinkSync(currentLink(distDir)));
  } catch {
    return undefined;
  }
}

/** The build `dist/current` points to, when it is complete. */
export function readCurrentBuild(distDir: string): Build | undefined {
  const id = currentBuildId(distDir);
  return id ? readBuild(distDir, id) : undefined;
}

/** Makes a complete build the current one: a new link renamed over the old one, atomically. */
export function publishBuild(distDir: string, id: string) {
  if (!readBuild(distDir, id)) throw new Error(`Build ${id} is not complete: not publishing it.`);
  const temporary = path.join(distDir, `.current-${process.pid}-${randomBytes(3).toString('hex')}`);
  fs.symlinkSync(path.join('builds', id), temporary, 'dir');
  try {
    fs.renameSync(temporary, currentLink(distDir));
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** Records that this process serves build `id`, so that no prune removes it; returns the release. */
export function holdBuild(distDir: string, id: string): () => void {
  fs.mkdirSync(leasesDir(distDir), { recursive: true });
  const file = path.join(leasesDir(distDir), `${hostName()}-${process.pid}`);
  fs.writeFileSync(file, `${hostName()} ${process.pid} ${id}\n`);
  const release = () => {
    process.off('exit', release);
    try {
      if (fs.readFileSync(file, 'utf8').trim().endsWith(` ${id}`)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}

/** A running instance of this dist folder and the build it serves (its lease). */
export interface Lease {
  host: string;
  pid: number;
  build: string;
}

/** The leases of running instances (stale leases of this host's dead processes removed). */
export function listLeases(distDir: string): Lease[] {
  const leases: Lease[] = [];
  let names: string[] = [];
  try {
    names = fs.readdirSync(leasesDir(distDir));
  } catch {
    return leases;
  }
  for (const name of names) {
    const file = path.join(leasesDir(distDir), name);
    let content = '';
    try {
      content = fs.readFileSync(file, 'utf8').trim();
    } catch {
      continue;
    }
    const [host, pid, id] = content.split(' ');
    if (!id || !host) continue;
    if (ownerIsAlive(`${host} ${pid}`)) leases.push({ host, pid: Number(pid), build: id });
    else fs.rmSync(file, { force: true });
  }
  return leases;
}

/** The builds that running instances serve. */
const heldBuilds = (distDir: string) => new Set(listLeases(distDir).map((lease) => lease.build));

/**
 * Removes old builds: keeps the current one, the `keep - 1` newest other complete ones, every build
 * a running instance serves, and builds still being made; also a failed build's leftovers. Answers
 * the ids removed.
 */
export function pruneBuilds(distDir: string, keep = KEEP_BUILDS): string[] {
  const root = buildsDir(distDir);
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(root);
  } catch {
    return [];
  }
  const building = new Set<string>();
  for (const name of entries.filter((n) => n.endsWith('.building'))) {
    const id = name.slice(0, -'.building'.length);
    let owner = '';
    try {
      owner = fs.readFileSync(path.join(root, name), 'utf8');
    } catch {
      continue;
    }
    if (ownerIsAlive(owner)) building.add(id);
    else fs.rmSync(path.join(root, name), { force: true });
  }
  const current = currentBuildId(distDir);
  const held = heldBuilds(distDir);
  const ids = entries.filter((n) => !n.endsWith('.building') && fs.statSync(path.join(root, n)).isDirectory()).sort();
  // the most recently finished first; builds finished in one tick of the file system's clock (a few
  // milliseconds apart: the same mtime) by their ids, which order by their start
  const finished = (id: string) => fs.statSync(path.join(root, id, INFO_FILE)).mtimeMs;
  const complete = ids.filter((id) => readBuild(distDir, id)).sort((a, b) => finished(b) - finished(a) || (a < b ? 1 : a > b ? -1 : 0));
  const kept = new Set([...(current ? [current] : []), ...building, ...held]);
  for (const id of complete.filter((id) => id !== current).slice(0, Math.max(0, keep - 1))) kept.add(id);
  const removed = ids.filter((id) => !kept.has(id));
  for (const id of removed) fs.rmSync(path.join(root, id), { recursive: true, force: true });
  return removed;
}

/**
 * Removes the single-folder layout of earlier versions (dist/client, dist/server,
 * dist/build-info.json); answers whether there was one. Only where no instance of an earlier
 * version can be serving it (the development start).
 */
export function removeLegacyBuild(distDir: string): boolean {
  const legacy = ['client', 'server', 'build-info.json'].map((name) => path.join(distDir, name)).filter((p) => fs.existsSync(p));
  for (const entry of legacy) fs.rmSync(entry, { recursive: true, force: true });
  return legacy.length > 0;
}
