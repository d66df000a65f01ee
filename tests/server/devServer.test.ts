/**
 * `npm run dev` (scripts/dev.mjs): the API under tsx watch and Vite in front of it. Started for
 * real on free loopback ports; the page, the client's own source modules (data/ was once shadowed
 * by a '/data' proxy: a blank page) and the proxied API must all answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let child: ChildProcess;
let base: string;
let tmp: string;
let output = '';

beforeAll(async () => {
  const [apiPort, devPort] = [await freePort(), await freePort()];
  tmp = mkdtempSync(path.join(tmpdir(), 'atlas-dev-'));
  child = spawn(process.execPath, [path.join(ROOT, 'scripts/dev.mjs')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ATLAS_API_PORT: String(apiPort),
      ATLAS_DEV_PORT: String(devPort),
      DATABASE_URL: `sqlite:${path.join(tmp, 'dev.db')}`,
      ATLAS_INGEST: 'off',
      ATLAS_STARTER: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  base = `http://127.0.0.1:${devPort}`;
  const deadline = Date.now() + 60_000;
  await waitFor(`http://127.0.0.1:${apiPort}/api/health`, deadline);
  await waitFor(`${base}/`, deadline);
}, 70_000);

afterAll(() => {
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves /app as the Vite page with the client entries', async () => {
    const res = await fetch(`${base}/app`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('ui/deferredMain.ts');
  });

  it("serves the client's data/ source modules (not proxied to the API)", async () => {
    const res = await fetch(`${base}/data/geoMath.ts`);
    expect(res.status, output).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('export');
  });

  it('serves public/ assets itself and proxies what the API generates', async () => {
    const gaz = await fetch(`${base}/data/gazetteer/countries.json`);
    expect(gaz.status).toBe(200);
    expect(Array.isArray(await gaz.json())).toBe(true);
    const health = await fetch(`${base}/api/health`);
    expect(health.status, output).toBe(200);
    const urban = await fetch(`${base}/data/geoJSON/ne_50m_urban_areas.json`);
    expect(urban.status, output).toBe(200);
    expect(((await urban.json()) as { type: string }).type).toBe('FeatureCollection');
  });
});
