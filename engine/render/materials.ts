/** Factories for the globe's ShaderMaterials (see shaders.ts for why not StandardMaterial). */
import { Material } from '@babylonjs/core/Materials/material';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import {
  atmosphereFragment,
  atmosphereVertex,
  lineFragment,
  lineVertex,
  starFragment,
  starVertex,
  surfaceFragment,
  surfaceVertex,
} from './shaders';

/** Shared light direction (world space); the scene updates it once per frame. */
export const lightDirection = new Vector3(0.3, 0.4, 1).normalize();

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
  m.setVector3('lightDir', lightDirection);
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
  return m;
}

export function starMaterial(name: string, scene: Scene, pointScale: number): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: starVertex, fragmentSource: starFragment },
    { attributes: ['position', 'uv'], uniforms: ['viewProjection', 'pointScale'] },
  );
  m.pointsCloud = true;
  m.setFloat('pointScale', pointScale);
  return m;
}
