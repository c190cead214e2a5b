import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildInfo } from '../../../src/lib/server/build/build-info.ts';
import {
  currentBuildId,
  holdBuild,
  publishBuild,
  pruneBuilds,
  readBuild,
  readCurrentBuild,
  removeLegacyBuild,
  startBuild,
} from '../../../src/lib/server/build/builds.ts';

// The build folders on small fake builds (the Astro build is not the point here).
let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'builds-'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

const info = (id: string): BuildInfo => ({
  id,
  builtAt: new Date().toISOString(),
  catalogueVersion: 'v',
  sourceHash: 'h',
  settings: { publicUrl: 'http://a.test', prerenderDramas: 1, prerenderPeople: 1, mediaPublicUrl: null },
  pages: 1,
  seconds: 0,
});

/** a complete fake build with one page saying `text`, published or not */
function fakeBuild(text: string, publish = true) {
  // build ids order by their millisecond stamp: two builds in one millisecond would order by their
  // random suffix, so each fake build starts in a millisecond of its own (as real builds, seconds apart)
  const now = Date.now();
  while (Date.now() === now);
  const folder = startBuild(dist);
  fs.mkdirSync(path.join(folder.dir, 'client'), { recursive: true });
  fs.writeFileSync(path.join(folder.dir, 'client', 'index.html'), text);
  folder.finish(info(folder.id));
  if (publish) publishBuild(dist, folder.id);
  return folder.id;
}
const builds = () => fs.readdirSync(path.join(dist, 'builds')).sort();
/** the pid of a process that has exited */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('site builds on disk', () => {
  it('has no current build until one is complete and published', () => {
    expect(readCurrentBuild(dist)).toBeUndefined();
    const folder = startBuild(dist);
    expect(() => publishBuild(dist, folder.id)).toThrow(/not complete/);
    expect(readCurrentBuild(dist)).toBeUndefined();
  });

  it('switches current to a new build while a reader of the old one keeps its files', () => {
    const first = fakeBuild('first');
    const served = readCurrentBuild(dist)!;
    expect(served.id).toBe(first);
    const second = fakeBuild('second');
    expect(currentBuildId(dist)).toBe(second);
    expect(fs.readFileSync(path.join(dist, 'current', 'client', 'index.html'), 'utf8')).toBe('second');
    // the instance that resolved the first build still reads the first build's files
    expect(fs.readFileSync(path.join(served.clientDir, 'index.html'), 'utf8')).toBe('first');
    expect(fs.readdirSync(dist).filter((n) => n.startsWith('.current'))).toEqual([]);
  });

  it('keeps the current and the previous build, and any build a running instance serves', () => {
    const ids = ['1', '2', '3'].map((n) => fakeBuild(n));
    const release = holdBuild(dist, ids[0]!); // this process serves the oldest
    const fourth = fakeBuild('4');
    expect(pruneBuilds(dist)).toEqual([ids[1]]);
    expect(builds()).toEqual([ids[0], ids[2], fourth].sort());
    release();
    expect(pruneBuilds(dist)).toEqual([ids[0]]);
    expect(builds()).toEqual([ids[2], fourth].sort());
  });

  it('forgets the lease of an instance that died without releasing it', () => {
    const old = fakeBuild('old');
    fs.mkdirSync(path.join(dist, 'leases'));
    fs.writeFileSync(path.join(dist, 'leases', 'x'), `${os.hostname()} ${deadPid()} ${old}\n`);
    fakeBuild('newer');
    fakeBuild('newest');
    expect(pruneBuilds(dist)).toEqual([old]);
    expect(fs.readdirSync(path.join(dist, 'leases'))).toEqual([]);
  });

  it('leaves a build in progress alone and removes a failed one', () => {
    fakeBuild('a');
    fakeBuild('b');
    const running = startBuild(dist); // this process is building it
    const crashed = startBuild(dist);
    fs.writeFileSync(`${crashed.dir}.building`, `${os.hostname()} ${deadPid()}`);
    const abandoned = startBuild(dist);
    abandoned.abandon();
    expect(pruneBuilds(dist)).toEqual([crashed.id]);
    expect(readBuild(dist, running.id)).toBeUndefined();
    expect(builds()).toContain(running.id);
    expect(builds()).toContain(`${running.id}.building`);
    expect(builds()).not.toContain(abandoned.id);
  });

  it('removes the single-folder build of earlier versions', () => {
    fs.mkdirSync(path.join(dist, 'client'));
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'build-info.json'), '{}');
    const id = fakeBuild('new');
    expect(removeLegacyBuild(dist)).toBe(true);
    expect(fs.readdirSync(dist).sort()).toEqual(['builds', 'current']);
    expect(readCurrentBuild(dist)?.id).toBe(id);
    expect(removeLegacyBuild(dist)).toBe(false);
  });
});
