#!/usr/bin/env node
// `npm test`: every check, in order, and ALL of them even when one fails, so one run shows
// everything. Ends with a summary table and, as the very last line, `N passed, N failed`
// (plus `, N skipped` when some were skipped), where N counts the tests from Vitest's and
// Playwright's JSON reports, and every failed non-test step (typecheck, lint, format, chromium,
// a crashed runner, a missing report) counts as 1 failed. Exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'test-results');
const VITEST_JSON = path.join(RESULTS, 'vitest.json');
const PLAYWRIGHT_JSON = path.join(RESULTS, 'playwright.json');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * @typedef {{ passed: number, failed: number, skipped: number, note: string }} Counts
 * @typedef {{ name: string, cmd: string, args: string[], report?: (code: number) => Counts }} Step
 */

/** @type {Step[]} */
const STEPS = [
  { name: 'typecheck', cmd: npm, args: ['run', 'typecheck'] },
  { name: 'lint', cmd: npm, args: ['run', 'lint'] },
  { name: 'format', cmd: npm, args: ['run', 'format:check'] },
  {
    name: 'unit (vitest)',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_JSON}`],
    report: vitestCounts,
  },
  {
    name: 'chromium',
    cmd: process.execPath,
    args: [path.join(ROOT, 'scripts/ensure-chromium.mjs')],
  },
  {
    name: 'browser (playwright)',
    cmd: bin('playwright'),
    args: ['test'],
    report: playwrightCounts,
  },
];

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** @returns {Counts} */
function vitestCounts(code) {
  const json = readJson(VITEST_JSON);
  if (json === null) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'no test-results/vitest.json: runner crashed',
    };
  }
  const counts = {
    passed: num(json.numPassedTests),
    failed: num(json.numFailedTests),
    skipped: num(json.numPendingTests) + num(json.numTodoTests),
    note: '',
  };
  return crashCheck(counts, code, `${num(json.numFailedTestSuites)} failed suite(s)`);
}

/** @returns {Counts} */
function playwrightCounts(code) {
  const json = readJson(PLAYWRIGHT_JSON);
  if (json === null || typeof json.stats !== 'object' || json.stats === null) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'no test-results/playwright.json: runner crashed',
    };
  }
  const s = json.stats;
  const counts = {
    passed: num(s.expected) + num(s.flaky),
    failed: num(s.unexpected),
    skipped: num(s.skipped),
    note: num(s.flaky) > 0 ? `${num(s.flaky)} flaky` : '',
  };
  const errors = Array.isArray(json.errors) ? json.errors.length : 0;
  return crashCheck(counts, code, `${errors} error(s) outside tests`);
}

/** A runner that failed without reporting a failed test (load error, setup crash) counts as 1. */
function crashCheck(counts, code, why) {
  if (code !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `exit code ${code} with no failed test (${why})` };
  }
  return counts;
}

/**
 * Every skipped test with where it is and why: a skip must never pass silently. Vitest's JSON has
 * no skip reason, so tests that skip for a missing service put the reason in the suite title
 * (e.g. `PostgreSQL (skipped: no PostgreSQL server answers on 127.0.0.1:5432)`); Playwright's
 * `test.skip(condition, reason)` lands in the test's annotations.
 * @returns {{ runner: string, where: string, name: string, reason: string }[]}
 */
function skippedTests() {
  const list = [];
  const vitest = readJson(VITEST_JSON);
  for (const file of Array.isArray(vitest?.testResults) ? vitest.testResults : []) {
    const where = typeof file.name === 'string' ? path.relative(ROOT, file.name) : '?';
    for (const test of Array.isArray(file.assertionResults) ? file.assertionResults : []) {
      if (!['pending', 'skipped', 'todo'].includes(test.status)) continue;
      const titles = [
        ...(Array.isArray(test.ancestorTitles) ? test.ancestorTitles : []),
        test.title,
      ];
      list.push({
        runner: 'vitest',
        where,
        name: titles.filter((t) => typeof t === 'string' && t !== '').join(' > '),
        reason: test.status === 'todo' ? 'todo' : '',
      });
    }
  }
  const playwright = readJson(PLAYWRIGHT_JSON);
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of Array.isArray(suite.specs) ? suite.specs : []) {
      for (const test of Array.isArray(spec.tests) ? spec.tests : []) {
        if (test.status !== 'skipped') continue;
        const notes = (Array.isArray(test.annotations) ? test.annotations : [])
          .filter((a) => a.type === 'skip' || a.type === 'fixme')
          .map((a) => a.description ?? a.type);
        list.push({
          runner: 'playwright',
          where: `${spec.file ?? '?'}${test.projectName ? ` [${test.projectName}]` : ''}`,
          name: [...here.slice(1), spec.title].join(' > '),
          reason: notes.join('; '),
        });
      }
    }
    for (const child of Array.isArray(suite.suites) ? suite.suites : []) walk(child, here);
  };
  for (const suite of Array.isArray(playwright?.suites) ? playwright.suites : []) walk(suite, []);
  return list;
}

let interrupted = false;
let current = null;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true;
    current?.kill(sig); // the child usually got it already from the terminal
  });
}

/** Runs one command with inherited stdio; resolves with its exit code (127 when it won't start). */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
    current = child;
    child.on('error', (err) => {
      console.error(`[test] cannot start ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal !== null ? 128 : 1));
    });
  });
}

mkdirSync(RESULTS, { recursive: true });
// Stale reports from a previous run must never be counted.
rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });

const rows = [];
const started = performance.now();
for (const step of STEPS) {
  if (interrupted) {
    rows.push({ name: step.name, status: 'skipped', ms: 0, counts: null, note: 'interrupted' });
    continue;
  }
  console.log(`\n=== ${step.name}: ${[path.basename(step.cmd), ...step.args].join(' ')}`);
  const t0 = performance.now();
  const code = await run(step.cmd, step.args);
  const ms = performance.now() - t0;
  const counts = step.report
    ? step.report(code)
    : {
        passed: 0,
        failed: code === 0 ? 0 : 1,
        skipped: 0,
        note: code === 0 ? '' : `exit code ${code}`,
      };
  const ok = code === 0 && counts.failed === 0;
  rows.push({ name: step.name, status: ok ? 'ok' : 'FAILED', ms, counts, note: counts.note });
}

const fmtMs = (ms) =>
  ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
const table = [
  ['step', 'status', 'duration', 'tests', 'note'],
  ...rows.map((r) => [
    r.name,
    r.status,
    fmtMs(r.ms),
    r.counts && STEPS.find((s) => s.name === r.name)?.report
      ? `${r.counts.passed} passed, ${r.counts.failed} failed` +
        (r.counts.skipped > 0 ? `, ${r.counts.skipped} skipped` : '')
      : '',
    r.note,
  ]),
  ['total', '', fmtMs(performance.now() - started), '', ''],
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const skippedList = skippedTests();
if (skippedList.length > 0) {
  console.log(`\n=== skipped tests (${skippedList.length})`);
  for (const t of skippedList) {
    console.log(`- [${t.runner}] ${t.where}: ${t.name}${t.reason ? ` -- ${t.reason}` : ''}`);
  }
}
console.log('\n=== summary');
for (const [i, row] of table.entries()) {
  console.log(`| ${row.map((cell, j) => cell.padEnd(widths[j])).join(' | ')} |`);
  if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of rows) {
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  }
}
if (interrupted) failed += 1; // an interrupted run is not a pass
const anyFailed = failed > 0 || rows.some((r) => r.status !== 'ok');
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exitCode = anyFailed ? 1 : 0;
