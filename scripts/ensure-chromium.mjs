#!/usr/bin/env node
// Make sure Debian's Chromium is installed for the browser tests and the bench.
//
// Uses /usr/bin/chromium, or the path in ATLAS_CHROMIUM. When it is missing and we can install
// system packages (root, or passwordless sudo) with apt-get, runs `apt-get update` and
// `apt-get install -y chromium`. Never downloads a browser any other way (no `playwright install`).
// Exits non-zero with a clear message when the browser is still missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const fromEnv = process.env.ATLAS_CHROMIUM;
const executable = fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_CHROMIUM;
const HINT = "Browser tests need Debian's chromium: run `sudo apt-get install -y chromium`";

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** How to run a command as root: [] when we are root, ['sudo', '-n'] with passwordless sudo. */
function rootPrefix() {
  if (typeof process.getuid === 'function' && process.getuid() === 0) return [];
  if (
    commandExists('sudo') &&
    spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
  ) {
    return ['sudo', '-n'];
  }
  return null;
}

function run(prefix, args, env) {
  const [cmd, ...rest] = [...prefix, ...args];
  console.log(`[ensure-chromium] $ ${[cmd, ...rest].join(' ')}`);
  const result = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  return result.status === 0;
}

function install() {
  const prefix = rootPrefix();
  if (prefix === null) {
    console.error('[ensure-chromium] not root and no passwordless sudo: cannot install chromium');
    return;
  }
  if (!commandExists('apt-get')) {
    console.error('[ensure-chromium] apt-get not found: cannot install chromium here');
    return;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  // `env` makes DEBIAN_FRONTEND survive sudo, which resets the environment.
  const envPrefix = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive'];
  if (!run(envPrefix, ['apt-get', 'update'], env)) {
    console.error('[ensure-chromium] apt-get update failed');
  }
  // The colour emoji font is optional (markers fall back to category initials without it), but
  // with it screenshots and browser tests see what users with an emoji font see.
  if (!run(envPrefix, ['apt-get', 'install', '-y', 'chromium', 'fonts-noto-color-emoji'], env)) {
    console.error('[ensure-chromium] apt-get install -y chromium failed');
  }
}

if (!isExecutable(executable)) {
  console.log(`[ensure-chromium] ${executable} not found: installing Debian's chromium`);
  if (executable !== DEFAULT_CHROMIUM) {
    console.log(
      `[ensure-chromium] (ATLAS_CHROMIUM=${executable}; apt installs ${DEFAULT_CHROMIUM})`,
    );
  }
  install();
}

if (!isExecutable(executable)) {
  console.error(`[ensure-chromium] ${executable} is missing.`);
  console.error(HINT);
  process.exit(1);
}

let version = '';
try {
  // The Debian launcher script prints harmless shell noise on stderr: keep only stdout.
  version = execFileSync(executable, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 30_000,
  }).trim();
} catch (err) {
  console.error(`[ensure-chromium] ${executable} --version failed: ${String(err)}`);
  console.error(HINT);
  process.exit(1);
}
console.log(`[ensure-chromium] ${executable}: ${version}`);
