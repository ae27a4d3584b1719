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

/** Signing in (`POST /session`), the current session (`GET`), signing out (`DELETE`). */
export function sessionRoutes(api: AdminApi, deps: SessionDeps): void {
  api.post("/session", async (c) => {
    const body = parseInput(signInBody, await c.req.json().catch(() => undefined), "body");
    const now = deps.now();
    const keys = [`address:${deps.clientOf(c.req.raw, c.env)}`, `user:${body.user}`];
    const wait = deps.throttle.waitMs(keys, now);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiFailure(
        429,
        "too_many_attempts",
        `Too many failed sign-ins: try again in ${seconds} s.`,
        { retryAfter: seconds },
      );
    }
    const role: Role = body.user;
    const ok = await verifyPassword(body.password, deps.credentials[role] ?? NO_ONE);
    if (!ok || deps.credentials[role] === undefined) {
      deps.throttle.failed(keys, deps.now());
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
