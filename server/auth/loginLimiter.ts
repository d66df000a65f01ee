/**
 * The strict limit on password guessing (RELIABILITY.md R2; each guess costs an argon2 hash):
 * - per IP and account (normalised email): LOGIN_MAX_FAILURES failed logins per LOGIN_WINDOW_MS;
 *   after that even the right password is refused until the window ends. A successful login
 *   clears the count.
 * - per IP: LOGIN_MAX_ATTEMPTS_PER_IP attempts (good or bad, any account) per LOGIN_WINDOW_MS,
 *   against one IP spraying many accounts.
 * Counts live in the same kind of store as the API limits (Redis when configured).
 */
import type { RateLimitStore } from '../http/rateLimitStore';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_MAX_ATTEMPTS_PER_IP = 30;

export interface LoginLimits {
  windowMs: number;
  maxFailures: number;
  maxAttemptsPerIp: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: LOGIN_WINDOW_MS,
  maxFailures: LOGIN_MAX_FAILURES,
  maxAttemptsPerIp: LOGIN_MAX_ATTEMPTS_PER_IP,
};

export type LoginVerdict = { allowed: true } | { allowed: false; resetAt: number };

export class LoginLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  /**
   * Counts an attempt from `ip` on `account` (a normalised email, or another stable account
   * key) and says whether it may proceed to password verification.
   */
  async attempt(ip: string, account: string): Promise<LoginVerdict> {
    const perIp = await this.store.hit(`login:ip:${ip}`, this.limits.windowMs);
    if (perIp.refused || perIp.count > this.limits.maxAttemptsPerIp) {
      return { allowed: false, resetAt: perIp.resetAt };
    }
    const failures = await this.store.get(failureKey(ip, account));
    if (failures !== null && failures.count >= this.limits.maxFailures) {
      return { allowed: false, resetAt: failures.resetAt };
    }
    return { allowed: true };
  }

  async failed(ip: string, account: string): Promise<void> {
    await this.store.hit(failureKey(ip, account), this.limits.windowMs);
  }

  async succeeded(ip: string, account: string): Promise<void> {
    await this.store.reset(failureKey(ip, account));
  }
}

function failureKey(ip: string, account: string): string {
  return `login:fail:${ip}:${account}`;
}
