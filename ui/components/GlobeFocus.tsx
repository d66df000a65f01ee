/**
 * The globe for keyboards and screen readers: a named role=application in the tab order that
 * covers the screen without taking pointer events (the canvas under it keeps them). The canvas
 * itself is aria-hidden and out of the tab order (engine/main.ts). Its keys (arrows rotate, + and
 * - zoom, the rest in data/globe/keymap.ts) are read on window (engine/render/keyboardInput.ts),
 * so they act while this has focus. Focused from the keyboard it draws the kit's focus ring just
 * inside the screen's edge (ui/styles.css). Rendered by the globe pages, first in their <main>.
 */
export const GLOBE_LABEL = 'Interactive globe: arrow keys rotate, + and - zoom';

export function GlobeFocus() {
  return (
    <div
      className="globe-focus"
      role="application"
      aria-label={GLOBE_LABEL}
      tabIndex={0}
      data-testid="globe-focus"
    />
  );
}

/** A globe page's heading (the design shows none: visually hidden), then the focus target. */
export function GlobeHeading({ title = 'ATLAS globe' }: { title?: string }) {
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      <GlobeFocus />
    </>
  );
}
