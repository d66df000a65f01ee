/**
 * The navbar's auto-minimise rules (spec section 4 "Navbar"): minimise after 60 s idle, again
 * 5 s after the pointer leaves, expand on hover; using the manual control turns auto-hide off.
 * Timers are injected so the rules are unit-tested without a DOM or real time.
 */

/** Spec section 9: navbar auto-hide 60 s initial, 5 s hover delay. */
export const NAVBAR_IDLE_MS = 60_000;
export const NAVBAR_LEAVE_MS = 5_000;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export class NavbarAutoHide {
  private timer: unknown = null;
  private auto = true;
  private hovered = false;
  private minimized = false;

  constructor(
    private readonly onChange: (minimized: boolean) => void,
    private readonly timers: Timers,
    private readonly idleMs = NAVBAR_IDLE_MS,
    private readonly leaveMs = NAVBAR_LEAVE_MS,
  ) {}

  get isMinimized(): boolean {
    return this.minimized;
  }

  get isAuto(): boolean {
    return this.auto;
  }

  /** Starts the idle countdown (on mount). */
  start(): void {
    this.schedule(this.idleMs);
  }

  pointerEnter(): void {
    this.hovered = true;
    this.cancel();
    if (this.auto) this.set(false);
  }

  pointerLeave(): void {
    this.hovered = false;
    this.schedule(this.leaveMs);
  }

  /** The manual minimise/expand control: flips the state and disables auto-hide for good. */
  toggle(): void {
    this.auto = false;
    this.cancel();
    this.set(!this.minimized);
  }

  dispose(): void {
    this.cancel();
  }

  private schedule(ms: number): void {
    this.cancel();
    if (!this.auto) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (this.auto && !this.hovered) this.set(true);
    }, ms);
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(minimized: boolean): void {
    if (minimized === this.minimized) return;
    this.minimized = minimized;
    this.onChange(minimized);
  }
}
