/**
 * The launch (boot) console's script (spec application.md section 4 'Landing to launch', section 9):
 * progress rises 1 % every 120 ms; log lines appear as progress reaches their thresholds and say
 * what really loads behind (geodata, gazetteer, articles, shaders); at 99 % the ASCII logo shows
 * after 500 ms; at 100 % + 2 s the ASCII-phase flag is stored and an event fired; navigation to
 * the destination follows as soon as the globe has reported loaded and the sequence has finished,
 * at 25 s regardless (a console warning when the globe had not reported), at the latest at 60 s
 * (console error). Any key or click skips.
 */

export const PROGRESS_TICK_MS = 120;
export const ASCII_DELAY_MS = 500;
export const FLAG_DELAY_MS = 2000;
export const LOGO_FADE_MS = 9000;
export const NORMAL_NAV_MS = 25_000;
export const FORCED_NAV_MS = 60_000;
/** Fired on window when the ASCII phase begins (100 % + 2 s). */
export const INTRO_EVENT = 'atlasIntroComplete';

export interface LogLine {
  /** Shown once progress reaches this percent. */
  at: number;
  text: string;
}

/**
 * The console lines. `{stories}` and `{countries}` are filled from the landing's live counter when
 * known. Every line names something that is loading at that moment: the Natural Earth and
 * GeoNames assets (public/geo, the gazetteer), the articles call that atlasStartLoading turns on,
 * the shaders compiled for full detail and borders, the real-time socket.
 */
export const LOG_LINES: readonly LogLine[] = [
  { at: 0, text: 'ATLAS boot sequence initiated' },
  { at: 4, text: 'atlasStartLoading: articles, full globe detail and country borders enabled' },
  { at: 12, text: 'Loading Natural Earth geodata: coastlines, land, country borders' },
  { at: 24, text: 'Loading GeoNames gazetteer: continents, countries, capitals, cities' },
  { at: 38, text: 'Fetching articles: GET /api/public/all-articles' },
  { at: 50, text: 'Indexed {stories} stories across {countries} countries' },
  { at: 62, text: 'Compiling shaders: ocean, atmosphere, borders, story markers' },
  { at: 74, text: 'Placing story markers at their geocoded places' },
  { at: 86, text: 'Opening real-time link: /socket.io (article:new, article:update)' },
  { at: 95, text: 'Globe detail raised from landing to full quality' },
  { at: 99, text: 'Welcome to ATLAS' },
];

export const ASCII_LOGO = [
  '    _  _____ _        _    ____  ',
  '   / \\|_   _| |      / \\  / ___| ',
  '  / _ \\ | | | |     / _ \\ \\___ \\ ',
  ' / ___ \\| | | |___ / ___ \\ ___) |',
  '/_/   \\_\\_| |_____/_/   \\_\\____/ ',
].join('\n');

/** Lines visible at `progress`, with the counter's figures filled in ('...' while unknown). */
export function visibleLines(
  progress: number,
  counts: { stories: number | null; countries: number | null },
): string[] {
  return LOG_LINES.filter((l) => l.at <= progress).map((l) =>
    l.text
      .replace('{stories}', counts.stories === null ? '...' : String(counts.stories))
      .replace('{countries}', counts.countries === null ? '...' : String(counts.countries)),
  );
}

export type NavReason = 'ready' | 'normal' | 'forced' | 'skip';

/**
 * Whether to navigate now, and why. `elapsedMs` since launch; `finished`: the flag is stored;
 * `globeLoaded`: the engine reported its first full frame.
 */
export function navigationDue(
  elapsedMs: number,
  finished: boolean,
  globeLoaded: boolean,
): NavReason | null {
  if (finished && globeLoaded) return 'ready';
  if (elapsedMs >= FORCED_NAV_MS) return 'forced';
  if (elapsedMs >= NORMAL_NAV_MS) return 'normal';
  return null;
}
