/**
 * GLSL of the globe sphere's four styles and of the background globe's activity circles
 * (engine/render/globeAppearance.ts). Same conventions as shaders.ts: small shaders, no lights.
 */
import { lightingGlsl } from './shaders';

/** The globe sphere: the ocean mesh, scaled by its world matrix (ocean scale 100-200 %). */
export const sphereVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 world;
uniform mat4 viewProjection;
varying vec3 vWorldPos;
varying vec3 vNormal;
void main(void) {
  vec4 wp = world * vec4(position, 1.0);
  vWorldPos = wp.xyz;
  vNormal = normalize(position);
  gl_Position = viewProjection * wp;
}
`;

/**
 * style 0 'Blue Ocean': the lit deep-blue ocean with a rim lift (the default look).
 * style 1 'Ethereal Core': a translucent violet core glowing cyan towards the limb.
 * style 2 'Transparent': a faint glassy blue, so land on the far side shows through.
 * style 3 'Grid Core': a dark sphere with glowing latitude/longitude lines every 10 degrees.
 * `shell` 1: the ocean sphere is scaled beyond the land, so it is drawn as a translucent shell.
 * `accent` colours the glow and the grid (cyan by default and for the holographic tint).
 */
export const sphereFragment = /* glsl */ `
precision highp float;
uniform vec3 cameraPosition;
uniform float style;
uniform float shell;
uniform vec3 accent;
varying vec3 vWorldPos;
varying vec3 vNormal;
${lightingGlsl}
float gridLine(float deg, float step, float widthPx) {
  float d = abs(fract(deg / step + 0.5) - 0.5) * step;
  float w = fwidth(deg) * widthPx;
  return 1.0 - smoothstep(w * 0.5, w * 1.5, d);
}
void main(void) {
  vec3 n = normalize(vNormal);
  vec3 v = normalize(cameraPosition - vWorldPos);
  float ndv = max(dot(n, v), 0.0);
  float fres = pow(1.0 - ndv, 3.0);
  float rimDay = dayNight.x < 0.5 ? 1.0 : 0.3 + 0.7 * daylight(n);
  vec3 c;
  float a;
  if (style < 0.5) {
    c = shade(vec3(0.043, 0.184, 0.357), n, 0.35) + vec3(0.239, 0.498, 0.82) * fres * 0.55 * rimDay;
    a = 1.0;
  } else if (style < 1.5) {
    float core = pow(ndv, 3.0);
    vec3 deep = vec3(0.09, 0.03, 0.22);
    c = mix(deep, accent, smoothstep(0.0, 0.9, fres)) * (0.55 + 1.6 * fres)
      + vec3(0.42, 0.28, 0.95) * core * 0.55;
    a = 0.62 + 0.38 * fres;
  } else if (style < 2.5) {
    c = shade(vec3(0.12, 0.36, 0.66), n, 0.6) + vec3(0.55, 0.8, 1.0) * fres * 0.6;
    a = 0.56 + 0.38 * fres;
  } else {
    float lat = degrees(asin(clamp(n.y, -1.0, 1.0)));
    float lon = degrees(atan(n.x, n.z));
    float line = max(gridLine(lat, 10.0, 0.9), gridLine(lon, 10.0, 0.9));
    float major = max(gridLine(lat, 30.0, 1.2), gridLine(lon, 30.0, 1.2));
    vec3 base = shade(vec3(0.02, 0.05, 0.09), n, 0.5);
    c = base + accent * (line * 0.28 + major * 0.32) * (0.5 + 0.5 * ndv) + accent * fres * 0.35;
    a = 1.0;
  }
  if (shell > 0.5) a = min(a, 0.5 + 0.45 * fres);
  gl_FragColor = vec4(c, a);
}
`;

/**
 * Activity circles: one quad per circle on the sphere (centre in `position`, corner offset in the
 * tangent plane in `offset`, corner -1..1 in `uv`; `circle` = id, twinkle phase, on land). The
 * pulse schedule arrives as uniforms (`pulses` = circle id and start time of the two pulses that
 * can be alive at once); the ring's growth and fade are computed here from `time`, so nothing is
 * rewritten per frame. A pulsing circle's quad grows to hold its ring.
 */
export const circleVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec3 offset;
attribute vec2 uv;
attribute vec3 circle;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
uniform float time;
uniform vec4 pulses;
uniform float pulseLife;
uniform float pulseScale;
varying vec2 vUv;
varying float vAge;
varying float vTwinkle;
varying float vFacing;
varying float vLand;
void main(void) {
  float age = -1.0;
  if (abs(circle.x - pulses.x) < 0.5) age = (time - pulses.y) / pulseLife;
  if (abs(circle.x - pulses.z) < 0.5) age = (time - pulses.w) / pulseLife;
  float pulsing = age >= 0.0 && age <= 1.0 ? 1.0 : 0.0;
  float grow = mix(1.0, pulseScale, pulsing);
  vec3 n = normalize(position);
  float facing = dot(n, normalize(cameraPosition - position));
  vUv = uv * grow;
  vAge = pulsing > 0.5 ? age : -1.0;
  vTwinkle = 0.6 + 0.4 * sin(time * 1.7 + circle.y * 6.2831853);
  vFacing = facing;
  vLand = circle.z;
  gl_Position = facing > 0.0
    ? viewProjection * vec4(position + offset * grow, 1.0)
    : vec4(2.0, 2.0, 2.0, 1.0);
}
`;

export const circleFragment = /* glsl */ `
precision highp float;
uniform float pulseScale;
varying vec2 vUv;
varying float vAge;
varying float vTwinkle;
varying float vFacing;
varying float vLand;
void main(void) {
  float r = length(vUv);
  float ring = smoothstep(0.55, 0.72, r) * (1.0 - smoothstep(0.82, 1.0, r));
  float core = 1.0 - smoothstep(0.22, 0.42, r);
  float a = (ring * 0.8 + core) * vTwinkle;
  vec3 color = mix(vec3(0.35, 0.55, 1.0), vec3(0.2, 1.0, 0.9), vLand);
  if (vAge >= 0.0) {
    float pr = mix(0.8, pulseScale * 0.92, sqrt(vAge));
    float w = 0.25 + 0.5 * vAge;
    float pulse = (1.0 - smoothstep(0.0, w, abs(r - pr))) * (1.0 - vAge) * 1.4;
    a = max(a, pulse);
    color = mix(color, vec3(0.85, 1.0, 1.0), clamp(pulse, 0.0, 1.0) * 0.6);
  }
  a *= smoothstep(0.0, 0.25, vFacing);
  if (a < 0.01) discard;
  gl_FragColor = vec4(color * a, a);
}
`;
