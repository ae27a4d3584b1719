import type { Role, SessionInfo } from "../api/contract.js";
import { createAdminApp, type AdminAppOptions } from "../admin-app.js";
import { hashPassword } from "../auth/password-hash.js";
import type { AdminServices } from "../services/admin-services.js";

/** The passwords the harness's console accepts. */
export const PASSWORDS: Readonly<Record<Role, string>> = {
  operator: "operator-password-1",
  viewer: "viewer-password-22",
};

/** The origin the harness's requests are made to (and come from, unless a test says otherwise). */
export const ORIGIN = "http://admin.test";

let hashes: Promise<Record<Role, string>> | undefined;

/** A clock a test moves by hand. */
export interface ManualClock {
  now: number;
  readonly read: () => number;
}

/** A console app over `services`, a manual clock, and helpers that call it as a browser would. */
export async function consoleHarness(
  services: Partial<AdminServices>,
  options: Partial<AdminAppOptions> = {},
) {
  hashes ??= (async () => ({
    operator: await hashPassword(PASSWORDS.operator),
    viewer: await hashPassword(PASSWORDS.viewer),
  }))();
  const clock: ManualClock = { now: 1_800_000_000_000, read: () => clock.now };
  const app = createAdminApp({
    services: {
      catalog: [],
      workflows: [],
      sharedAdmission: false,
      queries: {} as never,
      ...services,
    },
    credentials: await hashes,
    clock: clock.read,
    ...options,
  });

  /** A request as the console's own pages send it (Host and Origin of the console). */
  const request = (path: string, init: RequestInit & { cookie?: string; csrf?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("host")) headers.set("host", new URL(ORIGIN).host);
    if (init.method !== undefined && init.method !== "GET" && !headers.has("origin"))
      headers.set("origin", ORIGIN);
    if (init.cookie !== undefined) headers.set("cookie", init.cookie);
    if (init.csrf !== undefined) headers.set("x-csrf-token", init.csrf);
    if (typeof init.body === "string") headers.set("content-type", "application/json");
    return app.request(`${ORIGIN}${path}`, { ...init, headers });
  };

  /** Signs in; answers the session cookie (`name=value`) and the CSRF token. */
  const signIn = async (
    role: Role,
  ): Promise<{ cookie: string; csrf: string; response: Response }> => {
    const response = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: role, password: PASSWORDS[role] }),
    });
    if (response.status !== 200)
      throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const { csrfToken } = (await response.json()) as SessionInfo;
    return { cookie, csrf: csrfToken, response };
  };

  return { app, clock, request, signIn };
}
