/**
 * The 'ATLAS Settings' dialog and /account (issue 24): one setting per tab read back through
 * window.atlas, Cancel restores, Save persists across a reload, export -> import round trip,
 * reset, hostile import; /account saved topics and regions (an ambiguous name's readings, a box
 * from the globe's Share View -> Watch this area) synced to a fresh browser context after sign-in;
 * reduced motion and the single-key shortcut switch. Screenshots of each tab and of /account go to
 * docs/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { inBox, parseBox } from '../../data/alertMatch';
import { requireWebGL2, waitForFrames } from './helpers';

const PASSWORD = 'globe-trotter-42';
const SHOTS = 'docs/screenshots';

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => window.atlas !== undefined);
  await page.evaluate(() => window.atlas?.whenReady());
}

function tuning(page: Page) {
  return page.evaluate(() => window.atlas?.camera.tuning());
}

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

test('settings dialog: every tab drives the engine, cancel, save, export/import, reset', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/app');
  console.log(`renderer: ${await requireWebGL2(page)}`);
  await ready(page);
  await waitForFrames(page);
  // Spec display defaults: grid, labels, moon, markers on; day/night, solar system, time zones off.
  const layers = await page.evaluate(() => window.atlas?.layers.get());
  expect(layers).toMatchObject({
    grid: true,
    labels: true,
    moon: true,
    markers: true,
    dayNight: false,
    solarSystem: false,
    timezones: false,
  });
  expect((await tuning(page))?.fovDeg).toBeCloseTo(45, 3);

  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog.getByRole('heading', { name: 'ATLAS Settings' })).toBeVisible();
  await expect(dialog).toContainText('ATLAS v2025.1');

  // Performance: a fixed quality rung.
  await page.getByTestId('setting-display-qualityMode').selectOption('low');
  await expect.poll(() => page.evaluate(() => window.atlas?.quality.get().override)).toBe('low');
  await expect(dialog).toContainText('Fixed when the WebGL context is created');
  await page.screenshot({ path: `${SHOTS}/settings-performance.png` });

  // Globe: sphere style, marker size x base size.
  await tab(page, 'Globe');
  await page.getByTestId('setting-display-globeSphereStyle').selectOption('grid');
  await page.getByTestId('setting-globe-markerSize').selectOption('large');
  await page.getByTestId('setting-globe-markerBaseSize').fill('2');
  await expect.poll(() => page.evaluate(() => window.atlas?.globe.get().style)).toBe('grid');
  await expect
    .poll(() => page.evaluate(() => window.atlas?.markers.sizeFactor()))
    .toBeCloseTo(1.6, 5);
  await page.screenshot({ path: `${SHOTS}/settings-globe.png` });

  // Camera: FOV and distance limits (min is above the surface: radius 200 + 10).
  await tab(page, 'Camera');
  await page.getByTestId('setting-camera-fov').fill('90');
  await page.getByTestId('setting-camera-minDistance').fill('10');
  await page.getByTestId('setting-camera-maxDistance').fill('800');
  await expect.poll(async () => (await tuning(page))?.fovDeg).toBeCloseTo(90, 3);
  // The three fields may reach the engine over two frames; each change must arrive (the dialog
  // builds every change on the latest draft, not on the last render's).
  await expect.poll(() => tuning(page)).toMatchObject({ minDistance: 210, maxDistance: 800 });
  await page.screenshot({ path: `${SHOTS}/settings-camera.png` });

  // Display: the moon layer.
  await tab(page, 'Display');
  await page.getByTestId('setting-display-moonEnabled').click();
  await expect.poll(() => page.evaluate(() => window.atlas?.layers.get().moon)).toBe(false);
  await page.screenshot({ path: `${SHOTS}/settings-display.png` });

  // System: audio, network and what the engine reports.
  await tab(page, 'System');
  await expect(page.getByTestId('settings-system-info')).toContainText('atlas-settings');
  await page.screenshot({ path: `${SHOTS}/settings-system.png` });

  // Cancel restores everything previewed.
  await page.getByTestId('settings-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await tuning(page))?.fovDeg).toBeCloseTo(45, 3);
  expect(await page.evaluate(() => window.atlas?.globe.get().style)).toBe('blue');
  expect(await page.evaluate(() => window.atlas?.layers.get().moon)).toBe(true);
  expect(await page.evaluate(() => window.atlas?.quality.get().override)).toBeNull();
  expect(await page.evaluate(() => window.atlas?.markers.sizeFactor())).toBeCloseTo(0.5, 5);
  expect(await page.evaluate(() => localStorage.getItem('atlas-settings'))).toBeNull();

  // Save persists (version 1) and survives a reload.
  await page.getByTestId('open-settings').click();
  await tab(page, 'Camera');
  await page.getByTestId('setting-camera-fov').fill('90');
  await page.getByTestId('settings-save').click();
  const stored = await page.evaluate(() => localStorage.getItem('atlas-settings'));
  expect(JSON.parse(String(stored))).toMatchObject({ version: 1, state: { camera: { fov: 90 } } });
  await page.reload();
  await ready(page);
  await waitForFrames(page);
  expect((await tuning(page))?.fovDeg).toBeCloseTo(90, 3);

  // Export: a JSON file named with the date.
  await page.getByTestId('open-settings').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('settings-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atlas-settings-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(exported)).toMatchObject({ version: 1, state: { camera: { fov: 90 } } });

  // Reset (confirm with the spec's text) restores the defaults.
  const confirmText = new Promise<string>((resolve) => {
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    });
  });
  await page.getByTestId('settings-reset').click();
  expect(await confirmText).toBe(
    'Are you sure you want to reset all settings to defaults? This cannot be undone.',
  );
  await expect.poll(async () => (await tuning(page))?.fovDeg).toBeCloseTo(45, 3);

  // Import the export: the FOV comes back; a hostile file is refused with the spec's message.
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.getByTestId('settings-import-file').setInputFiles({
    name: 'atlas-settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  });
  await expect.poll(() => alerts.at(-1)).toBe('Settings imported successfully!');
  await expect.poll(async () => (await tuning(page))?.fovDeg).toBeCloseTo(90, 3);
  await page.getByTestId('settings-import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"state": '),
  });
  await expect
    .poll(() => alerts.at(-1))
    .toBe('Failed to import settings. Please check the file format.');
  // Huge numbers and prototype keys: clamped, nothing polluted, the engine keeps drawing.
  await page.getByTestId('settings-import-file').setInputFiles({
    name: 'hostile.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      '{"state":{"__proto__":{"x":1},"camera":{"fov":1e308,"far":"big"},"display":{"moonEnabled":7}},"version":1}',
    ),
  });
  await expect.poll(() => alerts.length).toBe(3);
  await expect.poll(async () => (await tuning(page))?.fovDeg).toBeCloseTo(120, 3);
  expect(await page.evaluate(() => ({}))).toEqual({});
  await waitForFrames(page, 2);
});

function cam(page: Page) {
  return page.evaluate(() => {
    const c = window.atlas?.camera.get();
    if (c === undefined) throw new Error('no atlas handle');
    return c;
  });
}

test('comfort: prefers-reduced-motion holds the globe still until the user turns motion back on; single-key shortcuts switch off and never fire on a focused button', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    localStorage.setItem('atlas_walkthrough_seen', 'true');
    localStorage.setItem('atlas_location_asked', 'true');
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // The landing globe turns by itself (preset autoRotate) - not under reduced motion.
  await page.goto('/');
  await ready(page);
  await waitForFrames(page);
  expect((await tuning(page))?.autoRotate).toBe(false);
  expect(await page.evaluate(() => window.atlas?.markers.display().pulse)).toBe(false);
  const still = (await cam(page)).lon;
  await page.waitForTimeout(1500);
  await waitForFrames(page, 3);
  expect((await cam(page)).lon).toBe(still);

  // /app: a flight (R: reset view to distance 600) is one frame long.
  await page.goto('/app');
  await ready(page);
  await waitForFrames(page);
  await page.evaluate(() => window.atlas?.camera.set({ lat: 20, lon: 30, distance: 900 }));
  await waitForFrames(page, 2);
  await page.keyboard.press('r');
  await waitForFrames(page, 1);
  expect((await cam(page)).distance).toBeCloseTo(600, 1);

  // Single-key shortcuts: G toggles the grid; not while a button has focus; not once switched off.
  const grid = () => page.evaluate(() => window.atlas?.layers.get().grid);
  expect(await grid()).toBe(true);
  await page.keyboard.press('g');
  await expect.poll(grid).toBe(false);
  await page.getByRole('button', { name: 'Reset View' }).focus();
  await page.keyboard.press('g');
  await waitForFrames(page, 2);
  expect(await grid()).toBe(false);
  await page.getByTestId('open-settings').click();
  await tab(page, 'Display');
  const shortcuts = page.getByTestId('setting-display-keyShortcuts');
  await expect(shortcuts).toHaveAttribute('aria-checked', 'true');
  await shortcuts.click();
  await expect(shortcuts).toHaveAttribute('aria-checked', 'false');
  // Motion: the user turns it back on over the system's reduced motion.
  await page.getByTestId('setting-display-motion').selectOption('full');
  await page.getByTestId('settings-save').click();
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  await waitForFrames(page, 2);
  // (Save applies the saved display switches, the grid's included.)
  const before = await grid();
  await page.keyboard.press('g');
  await waitForFrames(page, 2);
  expect(await grid()).toBe(before);
  expect(await page.evaluate(() => window.atlas?.markers.display().pulse)).toBe(true);

  // Motion on: the landing globe turns again (the saved settings outlive the reload).
  await page.goto('/');
  await ready(page);
  await waitForFrames(page);
  expect((await tuning(page))?.autoRotate).toBe(true);
  const from = (await cam(page)).lon;
  await page.waitForTimeout(1500);
  await waitForFrames(page, 3);
  expect(Math.abs((await cam(page)).lon - from)).toBeGreaterThan(0.1);
});

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

test('/account: saved topics and regions follow the account into a fresh context', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const email = `prefs-${Date.now()}@example.org`;
  const res = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Mary Somerville' },
  });
  expect(res.status()).toBe(201);

  const a = await browser.newContext();
  const pa = await a.newPage();
  await signIn(pa, email);
  await pa.goto('/account');
  // (The first page load boots the globe and loads the page's chunk: slow on a busy machine.)
  await expect(pa.getByTestId('account-status')).toHaveText('Active', { timeout: 30_000 });
  await expect(pa.getByTestId('account-role')).toHaveText('User');
  await expect(pa.getByTestId('sync-status')).toHaveText('Synced with your account.');
  const topics = pa.getByTestId('saved-topics');
  await topics.getByRole('textbox').fill('  solar energy  ');
  await topics.getByRole('textbox').press('Enter');
  await topics.getByRole('textbox').fill('   ');
  await topics.getByRole('button', { name: 'Add' }).click();
  await topics.getByRole('textbox').fill('typhoons');
  await topics.getByRole('button', { name: 'Add' }).click();
  await expect(topics.getByRole('listitem')).toHaveText(['solar energy×', 'typhoons×']);
  await topics.getByRole('button', { name: 'Remove typhoons' }).click();
  const regions = pa.getByTestId('saved-regions');
  await regions.getByRole('textbox').fill('France');
  await regions.getByRole('textbox').press('Enter');
  await expect(pa.getByTestId('sync-status')).toHaveText('Synced with your account.');
  // A name that is a country and a US state: both match, and the user may keep one.
  await regions.getByRole('textbox').fill('Georgia');
  await regions.getByRole('textbox').press('Enter');
  const readings = pa.getByTestId('region-readings');
  await expect(readings).toContainText(
    '“Georgia” matches Georgia (country) and Georgia, United States (state).',
  );
  await expect(pa.getByRole('option', { name: 'Light (Coming Soon)' })).toBeDisabled();
  await pa.getByTestId('pref-crt').click();
  await expect(pa.getByTestId('sync-status')).toHaveText('Synced with your account.');
  expect(await pa.evaluate(() => localStorage.getItem('atlas_saved_topics'))).toBe(
    '["solar energy"]',
  );
  await pa.screenshot({ path: `${SHOTS}/account-desktop.png`, fullPage: true });
  await readings.getByRole('button', { name: 'Georgia, United States (state)' }).click();
  await expect(regions.getByRole('listitem')).toHaveText(['France×', 'Georgia, US×']);
  await expect(readings).toHaveCount(0);

  // A box drawn from the globe: frame Bavaria, Share View -> Watch this area.
  await pa.goto('/app');
  await ready(pa);
  await waitForFrames(pa);
  await pa.evaluate(() => window.atlas?.camera.set({ lat: 48.1, lon: 11.6, distance: 250 }));
  await waitForFrames(pa, 3);
  await pa.getByRole('button', { name: 'Share View' }).click();
  const watch = pa.getByTestId('share-watch-area');
  await watch.click();
  await expect(watch).toHaveText('Watching this area');
  const saved = JSON.parse(
    await pa.evaluate(() => localStorage.getItem('atlas_saved_regions') ?? '[]'),
  ) as string[];
  expect(saved.slice(0, 2)).toEqual(['France', 'Georgia, US']);
  const box = parseBox(saved[2] ?? '');
  if (box === null) throw new Error(`not a box: ${saved[2]}`);
  expect(inBox(box, 48.1, 11.6)).toBe(true); // Munich
  expect(inBox(box, 55.8, 37.6)).toBe(false); // Moscow
  expect(inBox(box, 30.0, 31.2)).toBe(false); // Cairo
  expect(inBox(box, 38.7, -9.1)).toBe(false); // Lisbon
  await pa.getByTestId('share-watch').getByRole('link', { name: 'Account & Preferences' }).click();
  await expect(pa).toHaveURL(/\/account$/);
  await expect(regions.getByRole('listitem').nth(2)).toHaveText(
    /^Area \d+\.\d° N to \d+\.\d° N, \d+\.\d° [EW] to \d+\.\d° E×$/,
  );
  await expect(pa.getByTestId('sync-status')).toHaveText('Synced with your account.');
  await a.close();

  // A fresh context: nothing local; after sign-in the account's preferences arrive.
  const b = await browser.newContext();
  const pb = await b.newPage();
  await signIn(pb, email);
  await pb.goto('/account');
  await expect(pb.getByTestId('account-status')).toHaveText('Active', { timeout: 30_000 });
  await expect(pb.getByTestId('saved-topics').getByRole('listitem')).toHaveText(['solar energy×']);
  await expect(pb.getByTestId('saved-regions').getByRole('listitem')).toHaveText([
    'France×',
    'Georgia, US×',
    /^Area .*×$/,
  ]);
  await expect(pb.getByTestId('pref-crt')).toHaveAttribute('aria-checked', 'false');
  await b.close();

  // A guest: local only, 'Guest Mode'; phone and tablet layouts.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const pp = await phone.newPage();
  await pp.goto('/account');
  await expect(pp.getByTestId('account-status')).toHaveText('Guest Mode', { timeout: 30_000 });
  await expect(pp.getByTestId('account-role')).toHaveText('Guest');
  await expect(pp.getByTestId('saved-topics').getByRole('listitem')).toHaveCount(0);
  expect(await pp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await pp.screenshot({ path: `${SHOTS}/account-phone.png` });
  await phone.close();
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const pt = await tablet.newPage();
  await pt.goto('/account');
  await expect(pt.getByTestId('account-info')).toBeVisible({ timeout: 30_000 });
  await pt.screenshot({ path: `${SHOTS}/account-tablet.png` });
  await tablet.close();
});
