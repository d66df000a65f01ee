/** Factories for the globe's ShaderMaterials (see shaders.ts for why not StandardMaterial). */
import { Material } from '@babylonjs/core/Materials/material';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3, Vector4 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import { Constants } from '@babylonjs/core/Engines/constants';
import {
  atmosphereFragment,
  atmosphereVertex,
  bodyFragment,
  bodyVertex,
  cityFragment,
  cityLightFragment,
  cityLightVertex,
  cityVertex,
  cloudFragment,
  cloudVertex,
  colorLineFragment,
  colorLineVertex,
  fillFragment,
  fillVertex,
  gridFragment,
  gridVertex,
  lineFragment,
  lineVertex,
  starFragment,
  starVertex,
  sunFragment,
  sunVertex,
  surfaceFragment,
  surfaceVertex,
} from './shaders';

/** Shared light direction (world space); the scene updates it once per frame. */
export const lightDirection = new Vector3(0.3, 0.4, 1).normalize();
/** Unit vector toward the real sun (globe frame), set by the sky system through EarthRender. */
export const sunDirection = new Vector3(0, 0, 1);
/** Shared lighting mode: x = 1 when the globe is lit by the sun (dayNight layer), else 0. While
 * it is 1 the scene copies sunDirection into lightDirection instead of the camera headlight. */
export const dayNightParams = new Vector3(0, 0, 0);

/** Lit materials hold the two shared vectors by reference: one update reaches all of them. */
function bindLighting(m: ShaderMaterial): void {
  m.setVector3('lightDir', lightDirection);
  m.setVector3('dayNight', dayNightParams);
}

export interface SurfaceOptions {
  color: Color3;
  rimColor?: Color3;
  ambient?: number;
  rimStrength?: number;
  alpha?: number;
}

export function surfaceMaterial(name: string, scene: Scene, o: SurfaceOptions): ShaderMaterial {
  const alpha = o.alpha ?? 1;
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: surfaceVertex, fragmentSource: surfaceFragment },
    {
      attributes: ['position'],
      uniforms: [
        'world',
        'viewProjection',
        'cameraPosition',
        'color',
        'rimColor',
        'lightDir',
        'dayNight',
        'ambient',
        'rimStrength',
        'alpha',
      ],
      needAlphaBlending: alpha < 1,
    },
  );
  m.setColor3('color', o.color);
  m.setColor3('rimColor', o.rimColor ?? Color3.Black());
  m.setFloat('ambient', o.ambient ?? 0.45);
  m.setFloat('rimStrength', o.rimStrength ?? 0);
  m.setFloat('alpha', alpha);
  // Stored by reference: the per-frame update of lightDirection reaches every surface material.
  bindLighting(m);
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function lineMaterial(
  name: string,
  scene: Scene,
  color: Color3,
  alpha: number,
): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: lineVertex, fragmentSource: lineFragment },
    {
      attributes: ['position'],
      uniforms: ['world', 'viewProjection', 'cameraPosition', 'color', 'alpha'],
      needAlphaBlending: true,
    },
  );
  m.fillMode = Material.LineListDrawMode;
  m.setColor3('color', color);
  m.setFloat('alpha', alpha);
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function atmosphereMaterial(
  name: string,
  scene: Scene,
  color: Color3,
  innerRadius: number,
  outerRadius: number,
): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: atmosphereVertex, fragmentSource: atmosphereFragment },
    {
      attributes: ['position'],
      uniforms: [
        'world',
        'viewProjection',
        'cameraPosition',
        'color',
        'intensity',
        'innerRadius',
        'outerRadius',
      ],
      needAlphaBlending: true,
    },
  );
  m.setColor3('color', color);
  m.setFloat('intensity', 0.9);
  m.setFloat('innerRadius', innerRadius);
  m.setFloat('outerRadius', outerRadius);
  // Additive glow on a camera-facing ring around the silhouette (see globeScene.ts).
  m.alphaMode = 1; // Constants.ALPHA_ADD
  m.backFaceCulling = false;
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function starMaterial(name: string, scene: Scene, pointScale: number): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: starVertex, fragmentSource: starFragment },
    {
      attributes: ['position', 'uv'],
      uniforms: ['viewProjection', 'cameraPosition', 'pointScale'],
    },
  );
  m.pointsCloud = true;
  m.setFloat('pointScale', pointScale);
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

/** Merged lines with per-vertex colour and part (see shaders.ts colorLineVertex). */
export function colorLineMaterial(name: string, scene: Scene, limbFade: boolean): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: colorLineVertex, fragmentSource: colorLineFragment },
    {
      attributes: ['position', 'color', 'part'],
      uniforms: ['world', 'viewProjection', 'cameraPosition', 'partOn', 'limbFade'],
      needAlphaBlending: true,
    },
  );
  m.fillMode = Material.LineListDrawMode;
  m.setFloat('limbFade', limbFade ? 1 : 0);
  m.setVector4('partOn', new Vector4(1, 1, 1, 1));
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function gridMaterial(name: string, scene: Scene, color: Color3): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: gridVertex, fragmentSource: gridFragment },
    {
      attributes: ['position', 'alpha'],
      uniforms: ['viewProjection', 'cameraPosition', 'color'],
      needAlphaBlending: true,
    },
  );
  m.fillMode = Material.LineListDrawMode;
  m.setColor3('color', color);
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function fillMaterial(name: string, scene: Scene): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: fillVertex, fragmentSource: fillFragment },
    {
      attributes: ['position', 'color', 'part'],
      uniforms: ['viewProjection', 'partOn', 'lightDir', 'dayNight'],
    },
  );
  m.setVector4('partOn', new Vector4(1, 1, 0, 0));
  m.backFaceCulling = true;
  m.sideOrientation = Material.CounterClockWiseSideOrientation;
  bindLighting(m);
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function cityMaterial(name: string, scene: Scene, pointScale: number): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: cityVertex, fragmentSource: cityFragment },
    {
      attributes: ['position', 'uv'],
      uniforms: ['viewProjection', 'cameraPosition', 'pointScale'],
      needAlphaBlending: true,
    },
  );
  m.pointsCloud = true;
  m.setFloat('pointScale', pointScale);
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function cityLightMaterial(
  name: string,
  scene: Scene,
  pointScale: number,
  intensity: number,
): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: cityLightVertex, fragmentSource: cityLightFragment },
    {
      attributes: ['position', 'uv'],
      uniforms: ['viewProjection', 'cameraPosition', 'lightDir', 'pointScale', 'intensity'],
      needAlphaBlending: true,
    },
  );
  m.pointsCloud = true;
  m.setFloat('pointScale', pointScale);
  m.setFloat('intensity', intensity);
  m.setVector3('lightDir', sunDirection);
  m.alphaMode = Constants.ALPHA_ADD;
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function cloudMaterial(name: string, scene: Scene): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: cloudVertex, fragmentSource: cloudFragment },
    {
      attributes: ['position', 'uv'],
      uniforms: ['viewProjection', 'cameraPosition', 'lightDir', 'dayNight'],
      needAlphaBlending: true,
    },
  );
  bindLighting(m);
  m.backFaceCulling = false;
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function sunMaterial(name: string, scene: Scene, center: Vector3, color: Color3) {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: sunVertex, fragmentSource: sunFragment },
    {
      attributes: ['position'],
      uniforms: ['viewProjection', 'cameraPosition', 'center', 'radius', 'sunColor', 'minAngle'],
      needAlphaBlending: true,
    },
  );
  m.setVector3('center', center);
  m.setColor3('sunColor', color);
  m.setFloat('minAngle', 0);
  m.alphaMode = Constants.ALPHA_ADD;
  m.backFaceCulling = false;
  m.disableDepthWrite = true;
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}

export function bodyMaterial(name: string, scene: Scene, sunPosition: Vector3): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: bodyVertex, fragmentSource: bodyFragment },
    {
      attributes: ['position', 'center', 'color'],
      uniforms: ['world', 'viewProjection', 'cameraPosition', 'sunPosition', 'minAngle'],
    },
  );
  m.setVector3('sunPosition', sunPosition);
  m.setFloat('minAngle', 0);
  // Skip the per-frame readiness check (defines rebuilt every frame otherwise): uniforms are
  // still bound every frame, only the compiled effect is reused.
  m.freeze();
  return m;
}
