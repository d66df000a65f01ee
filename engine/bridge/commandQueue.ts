/**
 * The queue behind `engine/commands.ts`. The command system drains it at the start of each frame,
 * so UI events never touch the ECS in the middle of a frame.
 */
import type { Command } from '../commands';

const queue: Command[] = [];

export function enqueue(command: Command): void {
  queue.push(command);
}

/** Moves every pending command into `out` (reused by the caller: no per-frame allocation). */
export function drainInto(out: Command[]): void {
  for (const c of queue) out.push(c);
  queue.length = 0;
}
