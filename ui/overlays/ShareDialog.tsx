/**
 * The Share View dialog (spec globe.md section 2): a link to this view (camera, layers, selected
 * article; data/shareUrl.ts), share targets (a microblog, a social network, a chat app, mail), a
 * copy button that shows 'Copied!' for 2 s, and a PNG screenshot of the globe named with a
 * timestamp. Clipboard and screenshot failures are logged only (spec section 8).
 *
 * 'Watch this area' (issue #24): saves the part of the globe on screen (the engine's `viewBox`,
 * data/globe/viewBox.ts) as a saved region 'south,west,north,east', so a new article placed in it
 * raises an alert (/account lists the saved regions and the alerts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { boxText } from '../../data/globe/viewBox';
import { buildShareUrl } from '../../data/shareUrl';
import { cameraState, selectedArticle, viewBox } from '../../engine/signals';
import { preferences, setPreference } from '../account/preferencesSync';
import { shareOpen } from '../shell/shellState';
import { screenshotFileName, shareTargets } from './shareTargets';

/** Spec: 'Copied!' for 2 s. */
const COPIED_MS = 2000;
/** Optional layers a link carries (base layers are always on). */
const SHARED_LAYERS = ['grid', 'labels', 'timezones', 'dayNight', 'solarSystem', 'moon'] as const;

/** The optional layers on now, read through the automation handle (the engine's own state). */
function activeLayers(): string[] {
  const atlas = window.atlas;
  if (atlas === undefined) return [];
  try {
    const on = atlas.layers.get();
    return SHARED_LAYERS.filter((l) => on[l] === true);
  } catch {
    return [];
  }
}

function downloadScreenshot(): void {
  const canvas = document.getElementById('atlas-globe');
  if (!(canvas instanceof HTMLCanvasElement)) return;
  canvas.toBlob((blob) => {
    if (blob === null) {
      console.warn('Screenshot failed: the canvas gave no image');
      return;
    }
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = screenshotFileName(new Date());
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, 'image/png');
}

export function ShareDialog() {
  useSignals();
  const open = shareOpen.value;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') shareOpen.value = false;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  // The link is taken when the dialog opens, not re-built as the camera moves behind it.
  const url = useMemo(() => {
    if (!open) return '';
    const c = cameraState.peek();
    return buildShareUrl(window.location.origin, {
      camera: { lat: c.lat, lon: c.lon, altitude: c.distance },
      layers: activeLayers(),
      time: '24h',
      article: selectedArticle.peek()?.id ?? null,
    });
  }, [open]);
  // The area on screen when the dialog opened (the globe may turn behind it).
  const area = useMemo(() => {
    const box = open ? viewBox.peek() : null;
    return box === null ? null : boxText(box);
  }, [open]);
  const watched = area !== null && preferences.value.savedRegions.includes(area);
  if (!open) return null;
  const close = (): void => {
    shareOpen.value = false;
  };
  const watch = (): void => {
    if (area === null || watched) return;
    setPreference('savedRegions', [...preferences.peek().savedRegions, area]);
  };
  const copy = (): void => {
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      (err: unknown) => console.warn('Copy failed', err),
    );
  };
  return (
    <div
      className="modal-backdrop"
      data-testid="share-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <section
        className="modal share-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Share View"
      >
        <button type="button" className="modal__close" aria-label="Close" onClick={close}>
          ×
        </button>
        <h2>Share View</h2>
        <p className="modal__lead">
          The link opens ATLAS at this camera position with the same layers.
        </p>
        <div className="share-dialog__link">
          <input
            readOnly
            value={url}
            aria-label="Share link"
            data-testid="share-url"
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn btn--primary" onClick={copy}>
            {copied ? 'Copied!' : 'Copy'}
          </button>
        </div>
        <div className="share-dialog__targets">
          {shareTargets(url).map((t) => (
            <a
              key={t.id}
              className={`share-target share-target--${t.id}`}
              href={t.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.label}
            </a>
          ))}
        </div>
        <div className="share-dialog__watch" data-testid="share-watch">
          <p className="modal__lead">
            {watched ? (
              <>
                Watching this area: new articles placed in it raise an alert (
                <Link href="/account" onClick={close}>
                  Account &amp; Preferences
                </Link>
                ).
              </>
            ) : (
              'Get an alert when a new article is placed in the area on screen.'
            )}
          </p>
          <button
            type="button"
            className="btn"
            onClick={watch}
            disabled={area === null || watched}
            data-testid="share-watch-area"
            title={area ?? undefined}
          >
            {watched ? 'Watching this area' : 'Watch this area'}
          </button>
        </div>
        <div className="modal__actions">
          <button type="button" className="btn" onClick={downloadScreenshot}>
            Download screenshot (PNG)
          </button>
        </div>
      </section>
    </div>
  );
}
