/**
 * The Cmd/Ctrl+K search overlay against the real server: the spec's scoring and relevance dots,
 * the 300 ms debounce, 'No results found for "{query}"', and choosing a result flying the globe to
 * distance 300 over the article and opening it.
 */
import { expect, test, type Page } from '@playwright/test';
import { createArticle, registerUser, signIn, uniqueWord, type Session } from './articleSession';

/** Svalbard: far from the seeded articles' cities. */
const PLACE = { lat: 78.22, lon: 15.65 };

async function openApp(page: Page): Promise<void> {
  await page.goto('/app');
  await page.evaluate(() => window.atlas?.whenReady());
  await page.evaluate(() => window.atlas?.camera.set({ lat: 0, lon: -60, distance: 650 }));
  // The shell (and its Ctrl+K listener) mounts after the globe's first frame (issue #29).
  await expect(page.getByTestId('navbar')).toBeVisible();
}

test.describe('search overlay', () => {
  let session: Session;
  let id: string;
  const word = uniqueWord('zephyr');
  const source = uniqueWord('Quill');
  const title = `${word} glacier survey finds record melt`;

  test.beforeAll(async ({ request }) => {
    session = await registerUser(request, 'search');
    id = await createArticle(request, session, {
      title,
      url: `https://news.example.org/${word}`,
      description: `Researchers measured the ${word} glacier for a month.`,
      content: `The ${word} glacier lost more ice this summer than in any year on record.`,
      source,
      publishedAt: new Date().toISOString(),
      latitude: PLACE.lat,
      longitude: PLACE.lon,
      locationName: 'Longyearbyen, Svalbard',
      country: 'Norway',
      city: 'Longyearbyen',
      category: 'environment',
    });
  });

  test('Ctrl+K opens, results are scored, choosing one flies to distance 300', async ({ page }) => {
    await signIn(page, session);
    await openApp(page);
    const overlay = page.getByTestId('search-overlay');
    await expect(overlay).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(overlay).toBeVisible();
    const input = page.getByTestId('search-input');
    await expect(input).toBeFocused();

    // Debounce: the results appear once the input has been quiet for 300 ms, not before.
    await page.evaluate(() => {
      const w = window as unknown as { typedAt?: number; shownAt?: number };
      document.addEventListener('input', () => (w.typedAt = performance.now()), true);
      new MutationObserver(() => {
        if (w.shownAt === undefined && document.querySelector('[data-testid="search-result"]')) {
          w.shownAt = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await input.fill(word);
    await expect(page.getByTestId('search-result')).toHaveCount(1);
    const waited = await page.evaluate(() => {
      const w = window as unknown as { typedAt?: number; shownAt?: number };
      return (w.shownAt ?? 0) - (w.typedAt ?? 0);
    });
    expect(waited).toBeGreaterThanOrEqual(295);
    expect(waited).toBeLessThan(2000);

    // Title phrase +10, title word +5, content phrase +5, content word +2: green (> 15).
    const result = page.getByTestId('search-result');
    await expect(result).toHaveAttribute('data-relevance', 'green');
    await expect(result).toContainText(title);

    // A source-only match scores 3: a gray dot.
    await input.fill(source);
    await expect(result).toHaveCount(1);
    await expect(result).toHaveAttribute('data-relevance', 'gray');

    // No match, then a blank input clears everything.
    const nothing = uniqueWord('nothingmatches');
    await input.fill(nothing);
    await expect(page.getByTestId('search-empty')).toHaveText(`No results found for "${nothing}"`);
    await input.fill('   ');
    await expect(page.getByTestId('search-empty')).toHaveCount(0);
    await expect(result).toHaveCount(0);

    // Choose: the overlay closes, the globe flies to the article at distance 300, it opens.
    await input.fill(word);
    await result.click();
    await expect(overlay).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => window.atlas?.camera.get().distance ?? 0), {
        timeout: 10_000,
      })
      .toBeCloseTo(300, 0);
    const cam = await page.evaluate(() => window.atlas?.camera.get());
    expect(cam?.lat).toBeCloseTo(PLACE.lat, 0);
    expect(cam?.lon).toBeCloseTo(PLACE.lon, 0);
    await expect(page.getByTestId('article-title')).toHaveText(title);
    await page.screenshot({ path: test.info().outputPath('search-flown.png') });
    expect(id).not.toBe('');
  });

  test('Escape, the backdrop and the navbar box; results never exceed 20', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('atlas_walkthrough_seen', 'true'));
    await openApp(page);
    await page.keyboard.press('Control+k');
    const overlay = page.getByTestId('search-overlay');
    await expect(overlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);

    await page.keyboard.press('Control+k');
    // 'a' matches nearly every seeded article: capped at the top 20, best first.
    await page.getByTestId('search-input').fill('a');
    await expect(page.getByTestId('search-result')).toHaveCount(20);
    await page.screenshot({ path: test.info().outputPath('search.png') });
    await page.mouse.click(10, 700);
    await expect(overlay).toHaveCount(0);

    // The navbar's search box opens the same overlay (the shell sets searchOpen).
    await page.getByRole('button', { name: 'Search articles and places' }).click();
    await expect(overlay).toBeVisible();
    await expect(page.getByTestId('search-input')).toBeFocused();
  });
});
