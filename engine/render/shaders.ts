/**
 * GLSL for the globe's own materials. Small unlit-ish shaders rather than StandardMaterial:
 * they compile in a fraction of the time under SwiftShader and cost one uniform upload per mesh.
 */

import {
  CIVIL_TWILIGHT_DEG,
  SUN_COLOR_HIGH,
  SUN_COLOR_HORIZON,
  SUN_COLOR_TWILIGHT,
  SUN_WHITE_ABOVE_DEG,
} from '../../data/globe/astro';

const glslVec3 = (c: readonly number[]): string => `vec3(${c.map((v) => v.toFixed(4)).join(', ')})`;
const sinDeg = (d: number): string => Math.sin((d * Math.PI) / 180).toFixed(5);

/** Brightness of the night side relative to full daylight (moonlight/airglow stand-in). */
export const NIGHT_SIDE_LEVEL = 0.24;

/**
 * Shared lighting: `shade(color, n)` lights a surface colour with the key light. With dayNight.x
 * = 1 the key light is the real sun (lightDir = sun direction) and the terminator is soft over
 * civil twilight (solar elevation -6..0 deg), the light orange when the sun is low (data/globe/
 * astro.ts sunColor: white above 20 deg, orange at the horizon, red in twilight); otherwise it
 * is the camera headlight with an ambient floor (the default look).
 */
export const lightingGlsl = /* glsl */ `
uniform vec3 lightDir;
uniform vec3 dayNight;
vec3 sunTint(float s) {
  if (s >= 0.0) return mix(${glslVec3(SUN_COLOR_HORIZON)}, ${glslVec3(SUN_COLOR_HIGH)},
    smoothstep(0.0, ${sinDeg(SUN_WHITE_ABOVE_DEG)}, s));
  return mix(${glslVec3(SUN_COLOR_HORIZON)}, ${glslVec3(SUN_COLOR_TWILIGHT)},
    smoothstep(0.0, ${sinDeg(CIVIL_TWILIGHT_DEG)}, s));
}
/** 0 at night .. 1 in daylight, smooth over civil twilight. */
float daylight(vec3 n) {
  return smoothstep(${sinDeg(CIVIL_TWILIGHT_DEG)}, 0.0, dot(n, normalize(lightDir)));
}
vec3 shade(vec3 color, vec3 n, float ambient) {
  float s = dot(n, normalize(lightDir));
  if (dayNight.x < 0.5) return color * (ambient + (1.0 - ambient) * max(s, 0.0));
  float day = daylight(n);
  vec3 lit = color * (ambient * 0.6 + (1.0 - ambient * 0.6) * max(s, 0.0)) * sunTint(s);
  vec3 night = color * ${NIGHT_SIDE_LEVEL.toFixed(3)} * vec3(0.75, 0.85, 1.25);
  return mix(night, lit, day);
}
`;

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
uniform vec3 cameraPosition;
uniform float ambient;
uniform float rimStrength;
uniform float alpha;
varying vec3 vWorldPos;
varying vec3 vNormal;
${lightingGlsl}
void main(void) {
  vec3 n = normalize(vNormal);
  vec3 viewDir = normalize(cameraPosition - vWorldPos);
  float rim = pow(1.0 - max(dot(n, viewDir), 0.0), 3.0) * rimStrength;
  float rimDay = dayNight.x < 0.5 ? 1.0 : 0.3 + 0.7 * daylight(n);
  vec3 c = shade(color, n, ambient) + rimColor * rim * rimDay;
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
uniform vec3 cameraPosition;
uniform float pointScale;
varying float vBright;
void main(void) {
  // A sky dome: each star is a direction, drawn at the far plane around the camera, so the field
  // looks the same from the globe view and from the solar-system view 50000 units out.
  vec4 p = viewProjection * vec4(cameraPosition + normalize(position) * 1000.0, 1.0);
  gl_Position = vec4(p.xy, p.w * 0.99999, p.w);
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

/**
 * Merged lines with a colour per vertex and a part index (0..3) per vertex: parts switched off in
 * `partOn` are moved outside the clip volume in the vertex shader, so one buffer serves several
 * toggleable layers in one draw call. `limbFade` 1 dims lines towards the globe's limb.
 */
export const colorLineVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec4 color;
attribute float part;
uniform mat4 world;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform vec4 partOn;
uniform float limbFade;
varying vec4 vColor;
void main(void) {
  float on = part < 0.5 ? partOn.x : part < 1.5 ? partOn.y : part < 2.5 ? partOn.z : partOn.w;
  vec4 wp = world * vec4(position, 1.0);
  float facing = dot(normalize(wp.xyz), normalize(cameraPosition - wp.xyz));
  float fade = mix(1.0, clamp(facing * 3.0 + 0.25, 0.0, 1.0), limbFade);
  vColor = vec4(color.rgb, color.a * fade);
  gl_Position = on > 0.5 ? viewProjection * wp : vec4(2.0, 2.0, 2.0, 1.0);
}
`;

export const colorLineFragment = /* glsl */ `
precision highp float;
varying vec4 vColor;
void main(void) {
  if (vColor.a <= 0.0) discard;
  gl_FragColor = vColor;
}
`;

/** The XGrid: one colour, opacity per vertex (tile edges 0.7, cell edges 0.3). */
export const gridVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute float alpha;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
varying float vAlpha;
void main(void) {
  float facing = dot(normalize(position), normalize(cameraPosition - position));
  vAlpha = alpha * clamp(facing * 3.0 + 0.25, 0.0, 1.0);
  gl_Position = viewProjection * vec4(position, 1.0);
}
`;

export const gridFragment = /* glsl */ `
precision highp float;
uniform vec3 color;
varying float vAlpha;
void main(void) {
  gl_FragColor = vec4(color, vAlpha);
}
`;

/** Fills on the globe with a colour and a part per vertex (lakes, urban areas), lit like land. */
export const fillVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec4 color;
attribute float part;
uniform mat4 viewProjection;
uniform vec4 partOn;
varying vec3 vNormal;
varying vec4 vColor;
void main(void) {
  float on = part < 0.5 ? partOn.x : partOn.y;
  vNormal = normalize(position);
  vColor = color;
  gl_Position = on > 0.5 ? viewProjection * vec4(position, 1.0) : vec4(2.0, 2.0, 2.0, 1.0);
}
`;

export const fillFragment = /* glsl */ `
precision highp float;
varying vec3 vNormal;
varying vec4 vColor;
${lightingGlsl}
void main(void) {
  gl_FragColor = vec4(shade(vColor.rgb, normalize(vNormal), 0.45), vColor.a);
}
`;

/**
 * City points: uv.x = size in px, uv.y = brightness. Hidden past the horizon (the depth test
 * would too, but this also skips their fragments).
 */
export const cityVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform float pointScale;
varying float vBright;
void main(void) {
  vec3 n = normalize(position);
  float facing = dot(n, normalize(cameraPosition - position));
  vBright = uv.y;
  gl_PointSize = uv.x * pointScale;
  gl_Position = facing > 0.0 ? viewProjection * vec4(position, 1.0) : vec4(2.0, 2.0, 2.0, 1.0);
}
`;

export const cityFragment = /* glsl */ `
precision highp float;
varying float vBright;
void main(void) {
  vec2 d = gl_PointCoord - 0.5;
  float r = length(d) * 2.0;
  if (r > 1.0) discard;
  float a = 1.0 - smoothstep(0.55, 1.0, r);
  gl_FragColor = vec4(vec3(1.0, 0.93, 0.75) * (0.75 + 0.25 * vBright), a * 0.9);
}
`;

/**
 * City lights: additive glows drawn only where it is night - the night test is per vertex in the
 * shader against the sun direction, so the CPU never touches them. uv.x = glow size in px,
 * uv.y = weight (population); `intensity` is the spec's night-light intensity (0.15).
 */
export const cityLightVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform vec3 lightDir;
uniform float pointScale;
varying float vGlow;
void main(void) {
  vec3 n = normalize(position);
  float facing = dot(n, normalize(cameraPosition - position));
  // Night from the end of civil twilight (-6 deg) inwards, fading in across twilight.
  float night = smoothstep(0.0, -0.1045, dot(n, normalize(lightDir)));
  // Fade towards the limb, where foreshortening piles the additive glows up into white.
  vGlow = night * uv.y * smoothstep(0.0, 0.35, facing);
  gl_PointSize = uv.x * pointScale;
  gl_Position = facing > 0.0 && night > 0.01
    ? viewProjection * vec4(position, 1.0)
    : vec4(2.0, 2.0, 2.0, 1.0);
}
`;

export const cityLightFragment = /* glsl */ `
precision highp float;
uniform float intensity;
varying float vGlow;
void main(void) {
  vec2 d = gl_PointCoord - 0.5;
  float r2 = dot(d, d) * 4.0;
  if (r2 > 1.0) discard;
  float k = exp(-r2 * 5.0) + 0.35 * exp(-r2 * 1.5) * (1.0 - r2);
  gl_FragColor = vec4(vec3(1.0, 0.78, 0.42) * (intensity * vGlow * k), 1.0);
}
`;

/** Cloud patches: uv.x = puff density evaluated per vertex (see earthLayers.ts), uv.y = the
 * patch's opacity. The fragment only thresholds it (cheap under SwiftShader) and lights it. */
export const cloudVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec2 uv;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
varying vec2 vCloud;
varying vec3 vNormal;
void main(void) {
  vCloud = uv;
  vNormal = normalize(position);
  // Patches on the far side would only be rasterised to fail the depth test: clip them.
  float facing = dot(vNormal, normalize(cameraPosition - position));
  gl_Position = facing > -0.3 ? viewProjection * vec4(position, 1.0) : vec4(2.0, 2.0, 2.0, 1.0);
}
`;

export const cloudFragment = /* glsl */ `
precision highp float;
varying vec2 vCloud;
varying vec3 vNormal;
${lightingGlsl}
void main(void) {
  float a = smoothstep(0.15, 0.9, vCloud.x) * vCloud.y;
  if (a < 0.01) discard;
  gl_FragColor = vec4(shade(vec3(1.0), normalize(vNormal), 0.6), a);
}
`;

/** The sun: a camera-facing quad around `center`, a bright disc of `radius` and a glow. */
export const sunVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform vec3 center;
uniform float radius;
uniform float minAngle;
varying vec2 vLocal;
void main(void) {
  vec3 dir = normalize(cameraPosition - center);
  // Never smaller than minAngle (radians) from the camera, so the sun stays a visible disc.
  float rad = max(radius, length(cameraPosition - center) * minAngle);
  vec3 up = abs(dir.y) > 0.99 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0);
  vec3 right = normalize(cross(up, dir));
  up = cross(dir, right);
  // The quad spans GLOW radii; the glow keeps the sun findable as a few pixels from far away.
  float span = rad * 6.0;
  vLocal = position.xy * 6.0;
  gl_Position = viewProjection * vec4(center + (right * position.x + up * position.y) * span, 1.0);
}
`;

export const sunFragment = /* glsl */ `
precision highp float;
uniform vec3 sunColor;
varying vec2 vLocal;
void main(void) {
  float r = length(vLocal);
  float disc = 1.0 - smoothstep(0.95, 1.05, r);
  float glow = 0.9 / (1.0 + r * r * 0.8) * (1.0 - smoothstep(2.5, 6.0, r));
  vec3 c = sunColor * (disc * 1.4 + glow);
  gl_FragColor = vec4(c, 1.0);
}
`;

/**
 * Lit bodies (moon, planets): colour per vertex, `center` per vertex so the sun side is found
 * from the sun position, not a fixed light.
 */
export const bodyVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec3 center;
attribute vec4 color;
uniform mat4 world;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform float minAngle;
varying vec3 vNormal;
varying vec3 vWorldPos;
varying vec4 vColor;
void main(void) {
  vec4 wp = world * vec4(position, 1.0);
  vec4 wc = world * vec4(center, 1.0);
  vec3 off = wp.xyz - wc.xyz;
  // Never smaller than minAngle (radians) as seen from the camera.
  float r = length(off);
  float need = length(wc.xyz - cameraPosition) * minAngle;
  if (r > 0.0 && r < need) wp.xyz = wc.xyz + off * (need / r);
  vNormal = normalize(off);
  vWorldPos = wp.xyz;
  vColor = color;
  gl_Position = viewProjection * wp;
}
`;

export const bodyFragment = /* glsl */ `
precision highp float;
uniform vec3 sunPosition;
varying vec3 vNormal;
varying vec3 vWorldPos;
varying vec4 vColor;
void main(void) {
  vec3 l = normalize(sunPosition - vWorldPos);
  float d = max(dot(normalize(vNormal), l), 0.0);
  gl_FragColor = vec4(vColor.rgb * (0.06 + 0.94 * d), 1.0);
}
`;
