/**
 * The `cold-start` bench scenario (issue #29): a first visit to /app, in fresh browser contexts
 * beside the bench's own page, on Lighthouse's mobile profile (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, CPU throttled 4x, empty cache, 390x844) and unthrottled at the desktop size; then
 * a repeat visit in the same context (HTTP cache and service worker kept). For each: bytes on the
 * wire (CDP `encodedDataLength`), requests, bytes received before the first globe frame,
 * DOMContentLoaded, the first globe frame (the engine's `atlas:first-globe-frame` mark: the first
 * frame drawn with 110m land and borders) and `whenReady` (`atlas:ready`), all from navigation.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { NAME_SHIM_SCRIPT } from '../../scripts/lib/measure';

/** Lighthouse's mobile profile, as PERFORMANCE.md emulates it with CDP. */
export const MOBILE_PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuThrottle: 4,
  viewport: { width: 390, height: 844 },
} as const;

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;

/** Names of the engine's performance marks (engine/boot.ts). */
const FIRST_GLOBE_FRAME_MARK = 'atlas:first-globe-frame';
const READY_MARK = 'atlas:ready';
/** Longest one visit may take before the scenario fails. */
const VISIT_TIMEOUT_MS = 90_000;

export interface VisitFigures {
  bytes: number;
  requests: number;
  bytesBeforeFirstFrame: number;
  domContentLoadedMs: number;
  firstGlobeFrameMs: number;
  readyMs: number;
}

interface Wire {
  /** requestId -> encoded bytes so far and the CDP time of each chunk. */
  chunks: { t: number; bytes: number }[];
  finished: Map<string, number>;
  requests: Set<string>;
  navigationStart: number | null;
}

function watchWire(cdp: CDPSession): Wire {
  const wire: Wire = {
    chunks: [],
    finished: new Map(),
    requests: new Set(),
    navigationStart: null,
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    // Requests answered by the service worker or the memory cache still count as requests.
    wire.requests.add(e.requestId);
    if (wire.navigationStart === null && e.type === 'Document') wire.navigationStart = e.timestamp;
  });
  cdp.on('Network.dataReceived', (e) => {
    wire.chunks.push({ t: e.timestamp, bytes: e.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (e) => {
    wire.finished.set(e.requestId, e.encodedDataLength);
  });
  return wire;
}

async function visit(
  context: BrowserContext,
  page: Page,
  url: string,
  throttled: boolean,
  cacheDisabled: boolean,
): Promise<VisitFigures> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_PROFILE.latencyMs,
      downloadThroughput: MOBILE_PROFILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE_PROFILE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuThrottle });
  }
  const wire = watchWire(cdp);
  await page.goto(url, { waitUntil: 'commit', timeout: VISIT_TIMEOUT_MS });
  const marks = await page.evaluate(
    async ({ first, ready, timeout }) => {
      const found = (name: string): number | null =>
        performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
      const t0 = Date.now();
      while (found(ready) === null) {
        if (Date.now() - t0 > timeout) throw new Error(`no '${ready}' mark within ${timeout} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const nav = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      return {
        first: found(first) ?? Number.NaN,
        ready: found(ready) ?? Number.NaN,
        dcl: nav?.domContentLoadedEventEnd ?? Number.NaN,
      };
    },
    { first: FIRST_GLOBE_FRAME_MARK, ready: READY_MARK, timeout: VISIT_TIMEOUT_MS },
  );
  // Let requests started around readiness finish, so the totals are whole.
  await page.waitForTimeout(1500);
  if (throttled) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  let bytes = 0;
  for (const b of wire.finished.values()) bytes += b;
  const cut = (wire.navigationStart ?? 0) + marks.first / 1000;
  let before = 0;
  for (const c of wire.chunks) if (c.t <= cut) before += c.bytes;
  return {
    bytes,
    requests: wire.requests.size,
    bytesBeforeFirstFrame: before,
    domContentLoadedMs: marks.dcl,
    firstGlobeFrameMs: marks.first,
    readyMs: marks.ready,
  };
}

/** A cold visit and a repeat visit in one fresh context. */
async function coldAndRepeat(
  browser: Browser,
  url: string,
  mobile: boolean,
): Promise<{ cold: VisitFigures; repeat: VisitFigures }> {
  const context = await browser.newContext(
    mobile
      ? { viewport: MOBILE_PROFILE.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }
      : { viewport: DESKTOP_VIEWPORT },
  );
  // tsx names in-page functions with a helper the page does not have (scripts/lib/measure.ts).
  await context.addInitScript({ content: NAME_SHIM_SCRIPT });
  try {
    const page = await context.newPage();
    const cold = await visit(context, page, url, mobile, true);
    const again = await context.newPage();
    await page.close();
    const repeat = await visit(context, again, url, mobile, false);
    return { cold, repeat };
  } finally {
    await context.close();
  }
}

function figures(prefix: string, v: VisitFigures): Record<string, number> {
  return {
    [`${prefix} KB`]: Math.round(v.bytes / 1024),
    [`${prefix} requests`]: v.requests,
    [`${prefix} KB before first frame`]: Math.round(v.bytesBeforeFirstFrame / 1024),
    [`${prefix} DOMContentLoaded (ms)`]: Math.round(v.domContentLoadedMs),
    [`${prefix} first globe frame (ms)`]: Math.round(v.firstGlobeFrameMs),
    [`${prefix} whenReady (ms)`]: Math.round(v.readyMs),
  };
}

/** The scenario's run: mobile cold + repeat, desktop cold + repeat. */
export async function coldStart(page: Page, baseUrl: string): Promise<Record<string, number>> {
  const browser = page.context().browser();
  if (browser === null) throw new Error('cold-start: no browser behind the page');
  const url = `${baseUrl}/app`;
  // The bench's own page would draw beside the visits (same GPU process): park it meanwhile.
  await page.goto('about:blank');
  const mobile = await coldAndRepeat(browser, url, true);
  const desktop = await coldAndRepeat(browser, url, false);
  await page.goto(url);
  await page.evaluate(() => window.atlas?.whenReady());
  const out = {
    ...figures('mobile cold', mobile.cold),
    ...figures('mobile repeat', mobile.repeat),
    ...figures('desktop cold', desktop.cold),
    ...figures('desktop repeat', desktop.repeat),
  };
  console.log(`[bench] cold-start: ${JSON.stringify(out)}`);
  return out;
}
