/**
 * GLSL for the globe's own materials. Small unlit-ish shaders rather than StandardMaterial:
 * they compile in a fraction of the time under SwiftShader and cost one uniform upload per mesh.
 */

/** Surfaces on the sphere (ocean, land fills): a soft key light plus a rim lift. */
export const surfaceVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 world;
uniform mat4 viewProjection;
varying vec3 vWorldPos;
varying vec3 vNormal;
void main(void) {
  vec4 wp = world * vec4(position, 1.0);
  vWorldPos = wp.xyz;
  vNormal = normalize(wp.xyz);
  gl_Position = viewProjection * wp;
}
`;

export const surfaceFragment = /* glsl */ `
precision highp float;
uniform vec3 color;
uniform vec3 rimColor;
uniform vec3 lightDir;
uniform vec3 cameraPosition;
uniform float ambient;
uniform float rimStrength;
uniform float alpha;
varying vec3 vWorldPos;
varying vec3 vNormal;
void main(void) {
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, normalize(lightDir)), 0.0);
  vec3 viewDir = normalize(cameraPosition - vWorldPos);
  float rim = pow(1.0 - max(dot(n, viewDir), 0.0), 3.0) * rimStrength;
  vec3 c = color * (ambient + (1.0 - ambient) * diffuse) + rimColor * rim;
  gl_FragColor = vec4(c, alpha);
}
`;

/** Lines (coastline, borders): flat colour, dimmed towards the limb so the edge reads softly. */
export const lineVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 world;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
varying float vFacing;
void main(void) {
  vec4 wp = world * vec4(position, 1.0);
  vFacing = dot(normalize(wp.xyz), normalize(cameraPosition - wp.xyz));
  gl_Position = viewProjection * wp;
}
`;

export const lineFragment = /* glsl */ `
precision highp float;
uniform vec3 color;
uniform float alpha;
varying float vFacing;
void main(void) {
  gl_FragColor = vec4(color, alpha * clamp(vFacing * 3.0 + 0.25, 0.0, 1.0));
}
`;

/**
 * The atmosphere: a back-faced shell. Each fragment's glow depends on how close its view ray
 * passes to the centre: brightest where the ray grazes the globe's limb, fading to nothing at the
 * shell's edge, so the halo hugs the Earth instead of floating as a ring.
 */
export const atmosphereVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform float innerRadius;
varying vec3 vWorldPos;
varying vec3 vNormal;
void main(void) {
  // The silhouette circle of a sphere of radius R seen from distance d lies in the plane R^2/d
  // from the centre towards the camera, with radius R*sqrt(1 - R^2/d^2).
  float R = innerRadius;
  float d = max(length(cameraPosition), R * 1.0001);
  vec3 dir = cameraPosition / d;
  vec3 up = abs(dir.y) > 0.99 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0);
  vec3 right = normalize(cross(up, dir));
  up = cross(dir, right);
  float radius = R * sqrt(1.0 - (R * R) / (d * d));
  vec3 wp = dir * (R * R / d) + (right * position.x + up * position.y) * radius;
  vWorldPos = wp;
  vNormal = dir;
  gl_Position = viewProjection * vec4(wp, 1.0);
}
`;

export const atmosphereFragment = /* glsl */ `
precision highp float;
uniform vec3 color;
uniform vec3 cameraPosition;
uniform float intensity;
uniform float innerRadius;
uniform float outerRadius;
varying vec3 vWorldPos;
varying vec3 vNormal;
void main(void) {
  vec3 v = normalize(vWorldPos - cameraPosition);
  vec3 closest = cameraPosition - dot(cameraPosition, v) * v;
  float h = length(closest);
  float t = clamp((outerRadius - h) / (outerRadius - innerRadius), 0.0, 1.0);
  float glow = t * t * (3.0 - 2.0 * t);
  glow = glow * glow * intensity;
  gl_FragColor = vec4(color * glow, glow);
}
`;

/** Stars: one point per vertex, size and brightness per vertex. */
export const starVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
uniform mat4 viewProjection;
uniform float pointScale;
varying float vBright;
void main(void) {
  gl_Position = viewProjection * vec4(position, 1.0);
  gl_PointSize = uv.x * pointScale;
  vBright = uv.y;
}
`;

export const starFragment = /* glsl */ `
precision highp float;
varying float vBright;
void main(void) {
  gl_FragColor = vec4(vec3(0.85, 0.9, 1.0) * vBright, 1.0);
}
`;
