/**
 * The /xr in-headset panels, drawn with @babylonjs/gui (issue #23 item 6): the selected article's
 * card (category, time ago, title, place, a short summary, Close) and the layer toggles (every
 * engine layer, two columns). In an immersive session the DOM is not drawn, so these are the UI.
 *
 * Loaded on demand only (engine/render/xrPanelHost.ts imports this module when an immersive
 * session starts or the desktop preview is turned on), so neither @babylonjs/gui nor this file is
 * in the first bundle.
 *
 * Why a texture per plane (AdvancedDynamicTexture.CreateForMesh-style) rather than the GUI3D
 * manager's HolographicSlate / NearMenu: two flat, opaque-backed cards with large text read well at
 * 2 m in a headset, cost one draw call each (the GUI3D controls are a mesh, a fluent material and
 * often a text texture per button: ~25 draw calls for 22 toggles, and their shaders compile slowly
 * under SwiftShader), and the same planes work in front of the desktop camera for the preview. The
 * texture is redrawn only when a text or a toggle changes. The planes use our own small unlit
 * shader, so no scene light or StandardMaterial is needed.
 *
 * Placement: a root node with both planes. In the preview it is a child of the orbit camera, 10
 * units ahead, the card on the left and the toggles on the right of the globe (scaled to the
 * viewport's aspect). In a session it is placed once, where the user looks when the session
 * starts, at 1/5 scale (the card 0.6 m wide, 2 m away, ~26 degrees left of the view's centre) and
 * stays in the world (head-locked panels are uncomfortable). The controllers' rays pick only the
 * panels (mesh picking); a select that misses them is a marker click along the ray, handed to the
 * picking system (systems/pickingSystem.ts pickMarkerOnRay).
 */
import { AdvancedDynamicTexture } from '@babylonjs/gui/2D/advancedDynamicTexture';
import { Button } from '@babylonjs/gui/2D/controls/button';
import { Control } from '@babylonjs/gui/2D/controls/control';
import { Grid } from '@babylonjs/gui/2D/controls/grid';
import { Rectangle } from '@babylonjs/gui/2D/controls/rectangle';
import { StackPanel } from '@babylonjs/gui/2D/controls/stackPanel';
import { TextBlock } from '@babylonjs/gui/2D/controls/textBlock';
import type { Camera } from '@babylonjs/core/Cameras/camera';
import { Constants } from '@babylonjs/core/Engines/constants';
import { PointerEventTypes } from '@babylonjs/core/Events/pointerEvents';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Ray as BabylonRay } from '@babylonjs/core/Culling/ray';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode';
import type { Observer } from '@babylonjs/core/Misc/observable';
import type { Scene } from '@babylonjs/core/scene';
import type { WebXRDefaultExperience } from '@babylonjs/core/XR/webXRDefaultExperience';
import { WebXRState } from '@babylonjs/core/XR/webXRTypes';
import { sendCommand } from '../commands';
import type { LayerName } from '../layers';
import type { Ray, RenderBindings } from '../world';
import { cardOf, togglesOf, type XrCard, type XrToggle } from '../xrPanelModel';
import type { XrPanelsInfo, XrPanelsInput, XrPanelsMode } from '../xrPanels';

/** Panel sizes in the root's units and their textures' sizes (px): 267 texture px per unit. */
const CARD_W = 3;
const CARD_H = 2.4;
const CARD_TEX: readonly [number, number] = [800, 640];
/** The card's inner margin (texture px). */
const CARD_PAD = 40;
const TOGGLES_W = 3;
const TOGGLES_H = 4.6;
const TOGGLES_TEX: readonly [number, number] = [800, 1228];
/** The preview's distance ahead of the camera, and the margin to the viewport's edges. */
const PREVIEW_DISTANCE = 10;
const EDGE = 0.25;
/** Below the shell's navbar (in units at the preview distance: ~70 CSS px at 800 px high). */
const TOP = 0.75;
/** In a session: 1/5 scale (10 units ahead = 2 m) and the layout of a 1.6 aspect viewport. */
const XR_SCALE = 0.2;
const XR_HALF_WIDTH = 6.9;

const PANEL_VERTEX = `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
uniform mat4 worldViewProjection;
varying vec2 vUV;
void main(void) {
  vUV = uv;
  gl_Position = worldViewProjection * vec4(position, 1.0);
}`;

const PANEL_FRAGMENT = `
precision highp float;
varying vec2 vUV;
uniform sampler2D panel;
void main(void) {
  vec4 c = texture2D(panel, vUV);
  if (c.a < 0.02) discard;
  gl_FragColor = c;
}`;

const HINT_TITLE = 'No article selected';
const HINT_TEXT =
  'Point at a news marker and pull the trigger (or click it on the screen) to read its story here.';

const CYAN = '#3fe0ff';
const PANEL_BG = 'rgba(6, 12, 26, 0.9)';

function text(
  name: string,
  size: number,
  color: string,
  opts: { bold?: boolean; wrap?: boolean; align?: number } = {},
): TextBlock {
  const t = new TextBlock(name, '');
  t.fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  t.fontSize = size;
  t.color = color;
  if (opts.bold === true) t.fontWeight = '700';
  t.textHorizontalAlignment = opts.align ?? Control.HORIZONTAL_ALIGNMENT_LEFT;
  t.textVerticalAlignment = Control.VERTICAL_ALIGNMENT_TOP;
  if (opts.wrap === true) {
    t.textWrapping = true;
    t.resizeToFit = true;
    // An explicit width: inside the padded stack a relative one wraps wider than it draws.
    t.width = `${CARD_TEX[0] - 2 * CARD_PAD}px`;
  } else {
    t.height = `${Math.round(size * 1.35)}px`;
  }
  return t;
}

interface ToggleControl {
  button: Button;
  label: TextBlock;
}

export class XrPanelsGui {
  private readonly root: TransformNode;
  private readonly card: Mesh;
  private readonly toggles: Mesh;
  private readonly cardTex: AdvancedDynamicTexture;
  private readonly togglesTex: AdvancedDynamicTexture;
  private readonly materials: ShaderMaterial[] = [];
  private readonly category: TextBlock;
  private readonly age: TextBlock;
  private readonly title: TextBlock;
  private readonly place: TextBlock;
  private readonly summary: TextBlock;
  private readonly close: Button;
  private readonly toggleControls = new Map<LayerName, ToggleControl>();
  private mode: XrPanelsMode = 'off';
  private cardModel: XrCard | null = null;
  private toggleModel: XrToggle[] = [];
  private xr: WebXRDefaultExperience | null = null;
  private xrActive = false;
  private placedInXr = false;
  private readonly observers: { remove(): void }[] = [];
  private readonly gridRef: Grid;
  private readonly beforeRender: Observer<Scene>;

  constructor(
    private readonly scene: Scene,
    private readonly camera: Camera,
    /** Scene point -> CSS px on the canvas (the render table's projection); false if behind. */
    private readonly project: RenderBindings['project'],
  ) {
    this.root = new TransformNode('xrPanels', scene);
    this.card = this.plane('xrCard', CARD_W, CARD_H);
    this.toggles = this.plane('xrToggles', TOGGLES_W, TOGGLES_H);
    this.cardTex = this.texture(this.card, CARD_TEX);
    this.togglesTex = this.texture(this.toggles, TOGGLES_TEX);

    // The card: category and time ago, Close, title, place, summary.
    const cardBg = this.background();
    this.cardTex.addControl(cardBg);
    const stack = new StackPanel('xrCardStack');
    stack.isVertical = true;
    // A fixed width rather than side paddings: a padded vertical stack measures its children
    // wider than it draws them, which clipped the wrapped text and the Close button.
    stack.width = `${CARD_TEX[0] - 2 * CARD_PAD}px`;
    stack.paddingTop = '30px';
    stack.verticalAlignment = Control.VERTICAL_ALIGNMENT_TOP;
    cardBg.addControl(stack);
    const header = new Grid('xrCardHeader');
    header.height = '64px';
    header.addColumnDefinition(1);
    header.addColumnDefinition(170, true);
    stack.addControl(header);
    const meta = new StackPanel('xrCardMeta');
    meta.isVertical = false;
    meta.height = '64px';
    meta.horizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
    this.category = text('xrCardCategory', 30, CYAN, { bold: true });
    this.category.resizeToFit = true;
    this.category.paddingRight = '24px';
    this.age = text('xrCardAge', 30, '#94a3b8');
    this.age.resizeToFit = true;
    meta.addControl(this.category);
    meta.addControl(this.age);
    header.addControl(meta, 0, 0);
    this.close = Button.CreateSimpleButton('xrCardClose', 'Close');
    this.close.width = '160px';
    this.close.height = '60px';
    this.close.color = '#e2e8f0';
    this.close.background = 'rgba(255, 255, 255, 0.08)';
    this.close.cornerRadius = 14;
    this.close.thickness = 2;
    if (this.close.textBlock) this.close.textBlock.fontSize = 30;
    this.close.onPointerClickObservable.add(() => {
      sendCommand({ type: 'selectArticle', id: null });
    });
    header.addControl(this.close, 0, 1);
    this.title = text('xrCardTitle', 46, '#ffffff', { bold: true, wrap: true });
    this.title.paddingTop = '14px';
    this.place = text('xrCardPlace', 34, '#9fdcff', { wrap: true });
    this.place.paddingTop = '12px';
    this.summary = text('xrCardSummary', 34, '#cbd5e1', { wrap: true });
    this.summary.paddingTop = '14px';
    this.summary.lineSpacing = '4px';
    stack.addControl(this.title);
    stack.addControl(this.place);
    stack.addControl(this.summary);

    // The toggles: a heading, then two columns.
    const togglesBg = this.background();
    this.togglesTex.addControl(togglesBg);
    const heading = text('xrTogglesHeading', 44, '#ffffff', { bold: true });
    heading.text = 'Layers';
    heading.top = '28px';
    heading.left = '40px';
    heading.verticalAlignment = Control.VERTICAL_ALIGNMENT_TOP;
    togglesBg.addControl(heading);
    const grid = new Grid('xrTogglesGrid');
    grid.top = '100px';
    grid.height = `${TOGGLES_TEX[1] - 130}px`;
    grid.paddingLeft = '28px';
    grid.paddingRight = '28px';
    grid.verticalAlignment = Control.VERTICAL_ALIGNMENT_TOP;
    togglesBg.addControl(grid);
    this.beforeRender = scene.onBeforeRenderObservable.add(() => this.placeRoot());
    this.gridRef = grid;
    this.setEnabled(false);
  }

  /** Shows the panels in `mode` with the given content. */
  show(mode: XrPanelsMode, input: XrPanelsInput): void {
    if (mode !== this.mode) {
      this.mode = mode;
      this.placedInXr = false;
      this.setEnabled(mode !== 'off');
    }
    if (mode === 'off') return;
    this.setCard(input.record === null ? null : cardOf(input.record, input.nowMs));
    this.setToggles(togglesOf(input.layers));
  }

  /** The immersive session's experience: its controllers pick the panels and the markers. */
  attachXr(xr: WebXRDefaultExperience, onSelect: (ray: Ray) => void): void {
    if (this.xr === xr) return;
    this.xr = xr;
    const meshes: AbstractMesh[] = [this.card, this.toggles];
    // The controllers' rays test the panels only: the globe is picked by the picking system's
    // own ray test, never by mesh picking.
    xr.pointerSelection.raySelectionPredicate = (m) => meshes.includes(m) && m.isEnabled();
    this.observers.push(
      xr.baseExperience.onStateChangedObservable.add((s) => {
        this.xrActive = s === WebXRState.IN_XR;
      }),
    );
    const ray = new BabylonRay(Vector3.Zero(), Vector3.Forward(), 1);
    this.observers.push(
      this.scene.onPointerObservable.add((pi) => {
        if (!this.xrActive || pi.type !== PointerEventTypes.POINTERDOWN) return;
        const picked = pi.pickInfo?.hit === true ? pi.pickInfo.pickedMesh : null;
        if (picked !== null && meshes.includes(picked)) return; // the GUI's click
        const controller = xr.pointerSelection.getXRControllerByPointerId(
          (pi.event as PointerEvent).pointerId,
        );
        if (controller === null) return;
        controller.getWorldPointerRayToRef(ray);
        onSelect({
          ox: ray.origin.x,
          oy: ray.origin.y,
          oz: ray.origin.z,
          dx: ray.direction.x,
          dy: ray.direction.y,
          dz: ray.direction.z,
        });
      }),
    );
  }

  inXr(): boolean {
    return this.xrActive;
  }

  info(): XrPanelsInfo {
    const shown = this.mode !== 'off';
    const onScreen = this.mode === 'preview';
    const at = (c: Control, mesh: Mesh, tex: readonly [number, number]) => {
      const p = { x: Number.NaN, y: Number.NaN };
      if (!onScreen) return p;
      const size = mesh === this.card ? [CARD_W, CARD_H] : [TOGGLES_W, TOGGLES_H];
      const local = new Vector3(
        (c.centerX / tex[0] - 0.5) * (size[0] as number),
        (0.5 - c.centerY / tex[1]) * (size[1] as number),
        0,
      );
      const w = Vector3.TransformCoordinates(local, mesh.computeWorldMatrix(true));
      const out = { x: 0, y: 0 };
      return this.project(w.x, w.y, w.z, out) ? out : p;
    };
    const closeAt = shown && this.cardModel !== null ? at(this.close, this.card, CARD_TEX) : null;
    return {
      mode: this.mode,
      built: true,
      card:
        !shown || this.cardModel === null
          ? null
          : {
              title: this.title.text,
              place: this.place.text,
              timeAgo: this.age.text,
              category: this.category.text,
              summary: this.summary.text,
            },
      close: closeAt !== null && Number.isFinite(closeAt.x) ? closeAt : null,
      toggles: shown
        ? this.toggleModel.map((t) => {
            const c = this.toggleControls.get(t.layer);
            const p =
              c === undefined
                ? { x: Number.NaN, y: Number.NaN }
                : at(c.button, this.toggles, TOGGLES_TEX);
            return { layer: t.layer, label: c?.label.text ?? t.label, on: t.on, x: p.x, y: p.y };
          })
        : [],
    };
  }

  dispose(): void {
    for (const o of this.observers) o.remove();
    this.observers.length = 0;
    this.scene.onBeforeRenderObservable.remove(this.beforeRender);
    this.cardTex.dispose();
    this.togglesTex.dispose();
    for (const m of this.materials) m.dispose();
    this.card.dispose();
    this.toggles.dispose();
    this.root.dispose();
  }

  // ---------------------------------------------------------------------------------------------

  private plane(name: string, w: number, h: number): Mesh {
    const mesh = CreatePlane(name, { width: w, height: h }, this.scene);
    mesh.parent = this.root;
    mesh.alwaysSelectAsActiveMesh = true;
    // Drawn after the globe's blended meshes (labels, markers): the panels are in front.
    mesh.alphaIndex = 1000;
    return mesh;
  }

  private texture(mesh: Mesh, size: readonly [number, number]): AdvancedDynamicTexture {
    const tex = AdvancedDynamicTexture.CreateForMeshTexture(mesh, size[0], size[1], true);
    const m = new ShaderMaterial(
      `${mesh.name}Mat`,
      this.scene,
      { vertexSource: PANEL_VERTEX, fragmentSource: PANEL_FRAGMENT },
      {
        attributes: ['position', 'uv'],
        uniforms: ['worldViewProjection'],
        samplers: ['panel'],
        needAlphaBlending: true,
      },
    );
    m.setTexture('panel', tex);
    m.backFaceCulling = false;
    m.alphaMode = Constants.ALPHA_COMBINE;
    mesh.material = m;
    this.materials.push(m);
    return tex;
  }

  private background(): Rectangle {
    const r = new Rectangle('xrPanelBg');
    r.background = PANEL_BG;
    r.color = CYAN;
    r.thickness = 3;
    r.cornerRadius = 28;
    return r;
  }

  private setEnabled(on: boolean): void {
    this.card.setEnabled(on);
    this.toggles.setEnabled(on);
    this.root.setEnabled(on);
  }

  private setCard(card: XrCard | null): void {
    const same =
      card === this.cardModel ||
      (card !== null &&
        this.cardModel !== null &&
        card.id === this.cardModel.id &&
        card.title === this.cardModel.title &&
        card.timeAgo === this.cardModel.timeAgo &&
        card.summary === this.cardModel.summary);
    if (same && this.title.text !== '') return;
    this.cardModel = card;
    this.category.text = card === null ? 'ARTICLE' : card.category.toUpperCase();
    this.age.text = card === null ? '' : card.timeAgo;
    this.title.text = card === null ? HINT_TITLE : card.title;
    this.place.text = card === null ? '' : card.place;
    this.summary.text = card === null ? HINT_TEXT : card.summary;
    this.close.isVisible = card !== null;
  }

  private setToggles(list: XrToggle[]): void {
    if (this.toggleControls.size === 0) this.buildToggles(list);
    for (const t of list) {
      const prev = this.toggleModel.find((p) => p.layer === t.layer);
      const c = this.toggleControls.get(t.layer);
      if (c === undefined || prev?.on === t.on) continue;
      c.button.background = t.on ? CYAN : 'rgba(255, 255, 255, 0.06)';
      c.button.color = t.on ? CYAN : '#475569';
      c.label.color = t.on ? '#04121c' : '#cbd5e1';
      c.label.text = `${t.on ? '●' : '○'}  ${t.label}`;
    }
    this.toggleModel = list;
  }

  private buildToggles(list: XrToggle[]): void {
    const grid = this.gridRef;
    const rows = Math.ceil(list.length / 2);
    grid.addColumnDefinition(0.5);
    grid.addColumnDefinition(0.5);
    for (let r = 0; r < rows; r++) grid.addRowDefinition(1 / rows);
    list.forEach((t, i) => {
      const button = new Button(`xrToggle-${t.layer}`);
      button.cornerRadius = 14;
      button.thickness = 2;
      button.paddingTop = '8px';
      button.paddingBottom = '8px';
      button.paddingLeft = '10px';
      button.paddingRight = '10px';
      const label = text(`xrToggleLabel-${t.layer}`, 34, '#cbd5e1');
      label.paddingLeft = '22px';
      label.height = 1;
      label.textVerticalAlignment = Control.VERTICAL_ALIGNMENT_CENTER;
      button.addControl(label);
      button.onPointerClickObservable.add(() => {
        const now = this.toggleModel.find((x) => x.layer === t.layer)?.on ?? t.on;
        sendCommand({ type: 'setLayer', layer: t.layer, on: !now });
      });
      grid.addControl(button, Math.floor(i / 2), i % 2);
      this.toggleControls.set(t.layer, { button, label });
    });
  }

  /** Keeps the panels placed: in the preview beside the globe in the camera's view, in a
   * session once where the user looks when it starts. */
  private placeRoot(): void {
    if (this.mode === 'preview') {
      if (this.root.parent !== this.camera) {
        this.root.parent = this.camera;
        this.root.rotation.setAll(0);
      }
      const engine = this.scene.getEngine();
      const aspect = engine.getAspectRatio(this.camera);
      const halfH = PREVIEW_DISTANCE * Math.tan(this.camera.fov / 2);
      const halfW = halfH * aspect;
      this.layout(halfW, halfH, Math.min(1.15, Math.max(0.45, halfW / 6.6)));
      this.root.position.setAll(0);
      this.root.scaling.setAll(1);
      return;
    }
    if (this.mode === 'xr' && !this.placedInXr && this.xr !== null) {
      const cam = this.xr.baseExperience.camera;
      const fs = this.forward();
      const dir = cam.getDirection(new Vector3(0, 0, fs));
      this.root.parent = null;
      this.root.position.copyFrom(cam.globalPosition);
      // Turned about the vertical so its forward (local z = fs) is where the user looks.
      this.root.rotation.set(0, Math.atan2(dir.x * fs, dir.z * fs), 0);
      this.root.scaling.setAll(XR_SCALE);
      this.layout(XR_HALF_WIDTH, PREVIEW_DISTANCE * Math.tan(Math.PI / 8), 1);
      this.placedInXr = true;
    }
  }

  /** The camera's forward along its local z: -1 in a right-handed scene (ours), else 1. */
  private forward(): number {
    return this.scene.useRightHandedSystem ? -1 : 1;
  }

  /** The card at the top left, the toggles at the top right, `s` times their size, PREVIEW_DISTANCE
   * ahead of the root (the camera, or the user's head when the session started). */
  private layout(halfW: number, halfH: number, s: number): void {
    const z = this.forward() * PREVIEW_DISTANCE;
    const top = halfH - TOP;
    this.card.scaling.setAll(s);
    this.toggles.scaling.setAll(s);
    this.card.position.set(-(halfW - EDGE - (CARD_W * s) / 2), top - (CARD_H * s) / 2, z);
    this.toggles.position.set(halfW - EDGE - (TOGGLES_W * s) / 2, top - (TOGGLES_H * s) / 2, z);
  }
}
