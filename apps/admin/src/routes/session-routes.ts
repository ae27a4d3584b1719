import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { Role, SessionInfo } from "../api/contract.js";
import type { Credentials } from "../auth/credentials.js";
import { verifyPassword } from "../auth/password-hash.js";
import type { SessionStore } from "../auth/sessions.js";
import type { SignInThrottle } from "../auth/sign-in-throttle.js";
import type { AdminApi } from "../http/admin-env.js";
import { ApiFailure } from "../http/api-failure.js";
import { parseInput } from "../http/parse-input.js";

/** The session cookie's name. */
export const SESSION_COOKIE = "nucleo_admin_session";

const signInBody = z.strictObject({
  user: z.enum(["viewer", "operator"], { error: 'expected "viewer" or "operator"' }),
  password: z.string().min(1, "expected the password").max(1024),
});

/** What signing in and out works with. */
export interface SessionDeps {
  readonly credentials: Credentials;
  readonly sessions: SessionStore;
  readonly throttle: SignInThrottle;
  readonly now: () => number;
  /** Cookies get `Secure` (the console is reached over TLS). */
  readonly secureCookies: boolean;
  /** The client's address, for the throttle. */
  readonly clientOf: (request: Request, env: unknown) => string;
}

// A hash of a password nobody has: a sign-in for a role without one still spends a verify, so
// timing does not tell which roles exist.
const NO_ONE =
  "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** How many password checks may run at once (each takes scrypt's 32 MiB and ~0.1 s of a core). */
const MAX_CHECKS_RUNNING = 2;
/** How many may wait their turn; past that, a sign-in is refused (429) instead of queued. */
const MAX_CHECKS_WAITING = 32;

/** Signing in (`POST /session`), the current session (`GET`), signing out (`DELETE`). */
export function sessionRoutes(api: AdminApi, deps: SessionDeps): void {
  const checks = new Turns(MAX_CHECKS_RUNNING);
  api.post("/session", async (c) => {
    const body = parseInput(signInBody, await c.req.json().catch(() => undefined), "body");
    const now = deps.now();
    // Failures count per client address and user: a user-wide count would let anyone lock the
    // operator out by failing on purpose, and an address-wide one would let a viewer's own
    // sign-ins wipe the count of guesses at the operator's password. Guessing from many
    // addresses is bounded by the verifies in flight (each one scrypt's 32 MiB) instead.
    const keys = [`address:${deps.clientOf(c.req.raw, c.env)} user:${body.user}`];
    const wait = deps.throttle.waitMs(keys, now);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiFailure(
        429,
        "too_many_attempts",
        `Too many failed sign-ins: try again in ${seconds} s.`,
        {
          retryAfter: seconds,
        },
      );
    }
    if (checks.waiting >= MAX_CHECKS_WAITING) {
      throw new ApiFailure(
        429,
        "too_many_attempts",
        "Too many sign-ins at once: try again in a second.",
        { retryAfter: 1 },
      );
    }
    // Counted as a failure before the (slow) verify and forgiven on success, so requests sent
    // in parallel cannot all be verified before the first failure is counted.
    deps.throttle.failed(keys, now);
    const role: Role = body.user;
    const ok = await checks.run(() =>
      verifyPassword(body.password, deps.credentials[role] ?? NO_ONE),
    );
    if (!ok || deps.credentials[role] === undefined) {
      throw new ApiFailure(401, "unauthenticated", "Wrong user or password.");
    }
    deps.throttle.succeeded(keys);
    deps.sessions.close(getCookie(c, SESSION_COOKIE));
    const { token, session } = deps.sessions.open(role, role, deps.now());
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "Strict",
      secure: deps.secureCookies,
      path: "/",
    });
    const info: SessionInfo = {
      user: session.user,
      role: session.role,
      csrfToken: session.csrfToken,
    };
    return c.json(info);
  });

  api.get("/session", (c) => {
    const session = c.get("session");
    const info: SessionInfo = {
      user: session.user,
      role: session.role,
      csrfToken: session.csrfToken,
    };
    return c.json(info);
  });

  api.delete("/session", (c) => {
    deps.sessions.close(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, {
      path: "/",
      secure: deps.secureCookies,
      httpOnly: true,
      sameSite: "Strict",
    });
    return c.body(null, 204);
  });
}

/** Runs at most `limit` tasks at once; the others wait their turn, in order. */
class Turns {
  readonly #limit: number;
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** How many tasks wait for a turn. */
  get waiting(): number {
    return this.#queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit)
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    else this.#running += 1;
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      // A waiting task takes this one's place; otherwise the place is free.
      if (next === undefined) this.#running -= 1;
      else next();
    }
  }
}
