import { createHash, randomBytes } from "node:crypto";
import type { Role } from "../api/contract.js";

/** A signed-in session. */
export interface Session {
  readonly user: string;
  readonly role: Role;
  /** Sent back on every state-changing request (the `x-csrf-token` header). */
  readonly csrfToken: string;
  readonly createdAt: number;
  lastSeenAt: number;
}

/** How long sessions live. */
export interface SessionLifetimes {
  /** Ends a session unused this long. Default 8 hours. */
  readonly idleMs: number;
  /** Ends any session this old. Default 7 days. */
  readonly absoluteMs: number;
}

const DEFAULT_LIFETIMES: SessionLifetimes = { idleMs: 8 * 3_600_000, absoluteMs: 7 * 86_400_000 };

// The map is keyed by a hash of the cookie's token, so a heap dump does not hand out sessions.
function keyOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * The console's sessions, in memory: a restart signs everyone out, which suits a console run
 * beside a worker. The cookie carries 32 random bytes; the CSRF token is another 32, bound to
 * the session.
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #lifetimes: SessionLifetimes;

  constructor(lifetimes: Partial<SessionLifetimes> = {}) {
    this.#lifetimes = { ...DEFAULT_LIFETIMES, ...lifetimes };
  }

  /** Opens a session; answers the cookie's token and the session. */
  open(user: string, role: Role, now: number): { token: string; session: Session } {
    this.#sweep(now);
    const token = randomBytes(32).toString("base64url");
    const session: Session = {
      user,
      role,
      csrfToken: randomBytes(32).toString("base64url"),
      createdAt: now,
      lastSeenAt: now,
    };
    this.#sessions.set(keyOf(token), session);
    return { token, session };
  }

  /** The live session a token opens, touched; undefined when none (or it expired, and is gone). */
  find(token: string | undefined, now: number): Session | undefined {
    if (token === undefined || token.length === 0 || token.length > 128) return undefined;
    const key = keyOf(token);
    const session = this.#sessions.get(key);
    if (session === undefined) return undefined;
    if (this.#expired(session, now)) {
      this.#sessions.delete(key);
      return undefined;
    }
    session.lastSeenAt = now;
    return session;
  }

  /** Ends the session a token opens, if any. */
  close(token: string | undefined): void {
    if (token !== undefined) this.#sessions.delete(keyOf(token));
  }

  // Expired sessions go when the next one opens, so scripts that sign in and drop their cookie
  // do not grow the map for a week.
  #sweep(now: number): void {
    for (const [key, session] of this.#sessions) {
      if (this.#expired(session, now)) this.#sessions.delete(key);
    }
  }

  #expired(session: Session, now: number): boolean {
    return (
      now - session.lastSeenAt > this.#lifetimes.idleMs ||
      now - session.createdAt > this.#lifetimes.absoluteMs
    );
  }

  /** How many sessions are open (expired ones not yet seen or swept included). */
  get size(): number {
    return this.#sessions.size;
  }
}
