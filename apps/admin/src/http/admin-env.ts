import type { Hono } from "hono";
import type { Session } from "../auth/sessions.js";
import type { AdminServices } from "../services/admin-services.js";

/** What every API handler may read from its context. */
export interface AdminEnv {
  Variables: {
    /** The signed-in session (set for every route but signing in). */
    session: Session;
  };
}

/** The API's router. */
export type AdminApi = Hono<AdminEnv>;

/** What the route modules are built with. */
export interface RouteDeps {
  readonly services: AdminServices;
  readonly now: () => number;
}
