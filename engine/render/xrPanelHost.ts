/**
 * The /xr in-headset panels' render side as the engine sees it (engine/xrPanels.ts XrPanelsRender):
 * a small stand-in in the first bundle that loads the Babylon GUI module (engine/render/xrPanels.ts
 * with @babylonjs/gui, a chunk of its own) the first time the panels are shown - the desktop
 * preview - or an immersive session's experience is created. Until then, and whenever the panels
 * are off, it costs nothing: no mesh, no observer, no draw call.
 */
import type { Camera } from '@babylonjs/core/Cameras/camera';
import type { Scene } from '@babylonjs/core/scene';
import type { WebXRDefaultExperience } from '@babylonjs/core/XR/webXRDefaultExperience';
import type { Ray, RenderBindings } from '../world';
import type { XrPanelsInfo, XrPanelsInput, XrPanelsMode, XrPanelsRender } from '../xrPanels';
import type { XrPanelsGui } from './xrPanels';

export class XrPanelHost implements XrPanelsRender {
  private gui: XrPanelsGui | null = null;
  private loading: Promise<void> | null = null;
  private mode: XrPanelsMode = 'off';
  private input: XrPanelsInput | null = null;
  private xr: WebXRDefaultExperience | null = null;
  private disposed = false;

  constructor(
    private readonly scene: Scene,
    private readonly camera: Camera,
    private readonly project: RenderBindings['project'],
    /** A controller's select that missed the panels: a marker click along this ray. */
    private readonly onXrSelect: (ray: Ray) => void,
  ) {}

  show(mode: XrPanelsMode, input: XrPanelsInput): void {
    this.mode = mode;
    this.input = input;
    if (this.gui !== null) this.gui.show(mode, input);
    else if (mode !== 'off') void this.load();
  }

  inXr(): boolean {
    return this.gui?.inXr() ?? false;
  }

  info(): XrPanelsInfo {
    return (
      this.gui?.info() ?? { mode: this.mode, built: false, card: null, close: null, toggles: [] }
    );
  }

  /** Called when the immersive experience exists (before the session starts): the GUI loads
   * while the session is being entered. */
  attachXr(xr: WebXRDefaultExperience): void {
    this.xr = xr;
    if (this.gui !== null) this.gui.attachXr(xr, this.onXrSelect);
    else void this.load();
  }

  /** Resolves when the GUI module has loaded and the panels are built. */
  load(): Promise<void> {
    this.loading ??= import('./xrPanels')
      .then(({ XrPanelsGui }) => {
        if (this.disposed) return;
        const gui = new XrPanelsGui(this.scene, this.camera, this.project);
        this.gui = gui;
        if (this.xr !== null) gui.attachXr(this.xr, this.onXrSelect);
        if (this.input !== null) gui.show(this.mode, this.input);
      })
      .catch((err: unknown) => {
        this.loading = null;
        console.warn('ATLAS: the XR panels could not be loaded', err);
      });
    return this.loading;
  }

  dispose(): void {
    this.disposed = true;
    this.gui?.dispose();
    this.gui = null;
  }
}
