import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import type { Credentials } from "./auth/credentials.js";
import { SessionStore, type SessionLifetimes } from "./auth/sessions.js";
import { SignInThrottle, type ThrottleSettings } from "./auth/sign-in-throttle.js";
import type { AdminEnv } from "./http/admin-env.js";
import { ApiFailure, failureOf } from "./http/api-failure.js";
import { clientAddress } from "./http/client-address.js";
import { fromOwnOrigin, STATE_CHANGING } from "./http/same-origin.js";
import { SECURITY_HEADERS } from "./http/security-headers.js";
import { servePages } from "./http/serve-pages.js";
import { benchmarkRoutes } from "./routes/benchmark-routes.js";
import { costRoutes } from "./routes/cost-routes.js";
import { fleetRoutes } from "./routes/fleet-routes.js";
import { modelRoutes } from "./routes/model-routes.js";
import { runRoutes } from "./routes/run-routes.js";
import { SESSION_COOKIE, sessionRoutes } from "./routes/session-routes.js";
import type { AdminServices } from "./services/admin-services.js";

/** How the console's HTTP app is built. */
export interface AdminAppOptions {
  readonly services: AdminServices;
  /** Each role's password hash (see `resolveCredentials`). */
  readonly credentials: Credentials;
  /** The origin browsers reach the console at, e.g. `https://admin.example.com` (behind a proxy). */
  readonly publicOrigin?: string;
  /**
   * Which `Host` headers the console answers (without `publicOrigin`): `startAdmin` allows the
   * address it bound and the loopback names on its port, so a page whose DNS name was rebound to
   * 127.0.0.1 is not answered. None allows any.
   */
  readonly hostAllowed?: (host: string) => boolean;
  /** Cookies get `Secure`. Default: when `publicOrigin` is https. */
  readonly secureCookies?: boolean;
  /** The folder of the built pages; none serves the API alone. */
  readonly pagesDir?: string;
  /** Told every failure answered as a 5xx, with its cause (to log on the server, never sent). */
  readonly onServerError?: (error: unknown) => void;
  readonly clock?: () => number;
  readonly throttle?: Partial<ThrottleSettings>;
  readonly sessions?: Partial<SessionLifetimes>;
}

// The largest request body: a workflow's input typed into the submit form.
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The console as a fetch-style app (Hono): the JSON API under `/api` and the built pages.
 * Every answer carries a strict Content-Security-Policy; every API route but signing in needs a
 * session cookie; every state-changing request must come from the console's own origin and, past
 * signing in, carry the session's CSRF token; actions need the operator's role. Errors answer
 * `{ error: { code, message, field? } }`, a bad parameter a 400 naming it, never a 500.
 */
export function createAdminApp(options: AdminAppOptions): Hono<AdminEnv> {
  const now = options.clock ?? Date.now;
  const sessions = new SessionStore(options.sessions);
  const throttle = new SignInThrottle(options.throttle);
  const secureCookies =
    options.secureCookies ?? options.publicOrigin?.startsWith("https:") === true;
  const app = new Hono<AdminEnv>();

  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  });

  app.use("*", async (c, next) => {
    const host = c.req.header("host") ?? "";
    if (
      options.publicOrigin === undefined &&
      options.hostAllowed !== undefined &&
      !options.hostAllowed(host)
    ) {
      throw new ApiFailure(421, "misdirected", "This console does not answer for that host name.");
    }
    await next();
  });

  app.onError((error, c) => {
    const failure = failureOf(error);
    if (failure.status >= 500) options.onServerError?.(error);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    if (failure.retryAfter !== undefined) c.header("Retry-After", String(failure.retryAfter));
    c.header("Cache-Control", "no-store");
    return c.json(failure.body(), failure.status);
  });

  const api = new Hono<AdminEnv>();
  api.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (STATE_CHANGING.has(c.req.method)) {
      const host = c.req.header("host");
      if (!fromOwnOrigin(c.req.header("origin"), c.req.url, host, options.publicOrigin)) {
        throw new ApiFailure(
          403,
          "csrf_refused",
          "Refused: the request did not come from the console's own pages.",
        );
      }
    }
    const signingIn = c.req.method === "POST" && c.req.path === "/api/session";
    if (signingIn) return next();
    const session = sessions.find(getCookie(c, SESSION_COOKIE), now());
    if (session === undefined) throw new ApiFailure(401, "unauthenticated", "Sign in first.");
    if (
      STATE_CHANGING.has(c.req.method) &&
      !sameToken(c.req.header("x-csrf-token"), session.csrfToken)
    ) {
      throw new ApiFailure(
        403,
        "csrf_refused",
        "Refused: the request lacks the session's CSRF token.",
      );
    }
    c.set("session", session);
    return next();
  });
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiFailure(
          413,
          "too_large",
          `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
        );
      },
    }),
  );

  const deps = { services: options.services, now };
  sessionRoutes(api, {
    credentials: options.credentials,
    sessions,
    throttle,
    now,
    secureCookies,
    clientOf: clientAddress,
  });
  runRoutes(api, deps);
  costRoutes(api, deps);
  benchmarkRoutes(api, deps);
  modelRoutes(api, deps);
  fleetRoutes(api, deps);
  api.all("*", () => {
    throw new ApiFailure(404, "not_found", "No such API route.");
  });
  app.route("/api", api);

  if (options.pagesDir !== undefined) servePages(app, options.pagesDir);
  return app;
}

function sameToken(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
