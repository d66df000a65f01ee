/**
 * The user's location on the globe (Locate Me): a small pulsing green dot with a white rim and an
 * expanding ring, one quad tangent to the sphere with its own tiny shader (one draw call, only
 * while a location is known). The countrySystem drives it through `UserMarkerBinding`.
 */
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import type { Scene } from '@babylonjs/core/scene';
import { GLOBE_RADIUS, latLonToXyzInto } from '../../data/geoMath';
import type { UserMarkerBinding } from '../controls';

/** Height of the marker above the surface, scene units (above land, coast and border lines). */
export const USER_MARKER_ALTITUDE = 0.6;

const vertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
uniform mat4 world;
uniform mat4 viewProjection;
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = viewProjection * world * vec4(position, 1.0);
}`;

const fragment = /* glsl */ `
precision highp float;
varying vec2 vUv;
uniform float pulse;
void main() {
  float d = length(vUv * 2.0 - 1.0);
  float core = 1.0 - smoothstep(0.28, 0.32, d);
  float rim = smoothstep(0.28, 0.32, d) * (1.0 - smoothstep(0.38, 0.42, d));
  float r = 0.4 + pulse * 0.55;
  float ring = (1.0 - smoothstep(0.0, 0.05, abs(d - r))) * (1.0 - pulse);
  vec3 green = vec3(0.2, 0.95, 0.45);
  vec3 col = mix(green, vec3(1.0), rim);
  float a = max(max(core, rim), ring * 0.85);
  if (a < 0.01) discard;
  gl_FragColor = vec4(col, a);
}`;

export class UserMarkerMesh implements UserMarkerBinding {
  readonly mesh: Mesh;
  private readonly material: ShaderMaterial;
  private readonly pos = [0, 0, 0] as [number, number, number];
  private readonly origin = Vector3.Zero();
  private lat = NaN;
  private lon = NaN;

  constructor(scene: Scene) {
    this.mesh = CreatePlane('userMarker', { size: 1 }, scene);
    this.material = new ShaderMaterial(
      'userMarkerMat',
      scene,
      { vertexSource: vertex, fragmentSource: fragment },
      {
        attributes: ['position', 'uv'],
        uniforms: ['world', 'viewProjection', 'pulse'],
        needAlphaBlending: true,
      },
    );
    this.material.backFaceCulling = false;
    this.material.setFloat('pulse', 0);
    this.mesh.material = this.material;
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.setEnabled(false);
  }

  update(lat: number, lon: number, visible: boolean, size: number, pulse: number): void {
    if (!visible) {
      if (this.mesh.isEnabled()) this.mesh.setEnabled(false);
      return;
    }
    if (lat !== this.lat || lon !== this.lon) {
      this.lat = lat;
      this.lon = lon;
      latLonToXyzInto(lat, lon, GLOBE_RADIUS + USER_MARKER_ALTITUDE, this.pos);
      this.mesh.position.set(this.pos[0], this.pos[1], this.pos[2]);
      // The quad lies in its local xy plane: facing the centre puts it flat on the sphere.
      this.mesh.lookAt(this.origin);
    }
    this.mesh.scaling.setAll(size);
    this.material.setFloat('pulse', pulse);
    if (!this.mesh.isEnabled()) this.mesh.setEnabled(true);
  }

  dispose(): void {
    this.material.dispose();
    this.mesh.dispose();
  }
}
