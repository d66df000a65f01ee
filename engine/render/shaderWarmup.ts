/**
 * Shader warm-up: at start, compile the effect of every material on every mesh of the scene,
 * drawn or not yet (the markers before the first article arrives, the sun, moon, planets and
 * orbit rings before the solar-system view).
 *
 * Why: linking a program ends in a synchronous status query to the GPU process, and that query
 * waits behind whatever frame the GPU is rasterising. At start the GPU is idle and the query
 * returns at once; in the middle of a session, on a software renderer, it blocked the main thread
 * for 250-500 ms per program (measured in the 4x-throttled tour: the first markers at launch, the
 * planets in the solar-system step). Babylon caches compiled effects by shader and defines, so
 * the warmed program is the one the first real draw finds.
 */
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';

/** What the warm-up needs of a mesh's material: Babylon's `isReady(mesh, useInstances)`. */
export interface WarmableMaterial {
  isReady(mesh?: AbstractMesh, useInstances?: boolean): boolean;
}

/** A mesh and its material; the scene's meshes fit. */
export interface WarmableMesh {
  readonly name: string;
  readonly material: WarmableMaterial | null;
}

export interface WarmUpResult {
  /** Meshes whose material was compiled (ready) when the warm-up ended. */
  ready: number;
  /** Meshes still compiling at the time limit (named in `late`). */
  late: string[];
  ms: number;
}

/** Polling period while programs compile (Babylon's own forceCompilation uses 16 ms). */
export const WARMUP_POLL_MS = 16;
/** The warm-up gives up after this long: it is an optimisation, never a reason not to start. */
export const WARMUP_LIMIT_MS = 10_000;

/**
 * Asks every mesh's material whether it is ready for that mesh (which creates and starts
 * compiling the effect on the first call) until all are, or `limitMs` has passed.
 */
export function warmUpShaders(
  meshes: readonly WarmableMesh[],
  opts: {
    limitMs?: number;
    now?: () => number;
    wait?: (ms: number) => Promise<void>;
  } = {},
): Promise<WarmUpResult> {
  const now = opts.now ?? (() => performance.now());
  const wait =
    opts.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const limit = opts.limitMs ?? WARMUP_LIMIT_MS;
  const t0 = now();
  let pending = meshes.filter((m) => m.material !== null);
  const total = pending.length;
  const run = async (): Promise<WarmUpResult> => {
    for (;;) {
      pending = pending.filter(
        (m) => !(m.material?.isReady(m as unknown as AbstractMesh, false) ?? true),
      );
      const elapsed = now() - t0;
      if (pending.length === 0 || elapsed >= limit) {
        return { ready: total - pending.length, late: pending.map((m) => m.name), ms: elapsed };
      }
      await wait(WARMUP_POLL_MS);
    }
  };
  return run();
}
