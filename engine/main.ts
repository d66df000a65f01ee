/**
 * Engine entry (loaded by index.html beside the UI entry): mounts the canvas behind the React
 * root, boots the one engine, installs `window.atlas`, and disposes everything on page unload.
 */
import { state } from './bridge/state';
import { createAutomation, failedAutomation } from './automation';
import { bootEngine, type AtlasEngine } from './boot';

function mountCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.id = 'atlas-globe';
  // Pixels only: the named, focusable globe is the UI's ui/components/GlobeFocus.tsx (its keys
  // are read on window), so the canvas is hidden from assistive technology and out of the tab
  // order (engine/render/globeScene.ts keeps Babylon from putting it back).
  canvas.setAttribute('aria-hidden', 'true');
  canvas.tabIndex = -1;
  document.body.prepend(canvas);
  return canvas;
}

let atlas: AtlasEngine | null = null;
try {
  atlas = bootEngine(mountCanvas());
  window.atlas = createAutomation(atlas);
} catch (err) {
  const error = err instanceof Error ? err : new Error(String(err));
  state.error.value = {
    message: error.message.includes('WebGL')
      ? 'Your browser cannot draw the 3D globe (WebGL2 is unavailable).'
      : 'The 3D globe failed to start.',
    detail: error.message,
  };
  window.atlas = failedAutomation(error);
  console.error('ATLAS engine failed to start', error);
}

window.addEventListener('pagehide', () => {
  atlas?.dispose();
  atlas = null;
});
