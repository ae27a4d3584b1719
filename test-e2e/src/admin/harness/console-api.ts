// The console's JSON API from this process, as a script would use it: what the pages must agree
// with, and how a test checks that an action did (or did not) change anything.
import type { FleetView } from "@nucleo/admin";
import type { BrowserContext, Page } from "playwright-core";

/** A signed-in client of the console's API. */
export interface ConsoleApi {
  /** `GET /api{path}`; throws naming the path unless it answers 200. */
  get<T>(path: string): Promise<T>;
  /** `POST /api{path}` from the console's origin with the session's CSRF token; throws unless 200. */
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The state of queued workflow `id` as the fleet page reads it, or undefined when not listed. */
  queueState(id: string): Promise<string | undefined>;
}

/** Signs in as `user` and answers a client with that session's cookie. */
export async function consoleApi(url: string, user: string, password: string): Promise<ConsoleApi> {
  const response = await fetch(`${url}/api/session`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ user, password }),
  });
  if (response.status !== 200) throw new Error(`signing in as ${user} answered ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        cookie,
        ...(method === "GET"
          ? {}
          : { origin: url, "x-csrf-token": csrfToken, "content-type": "application/json" }),
      },
      ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    if (answer.status !== 200)
      throw new Error(`${method} /api${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const get = <T>(path: string) => request<T>("GET", path);
  return {
    get,
    post: (path, body) => request("POST", path, body),
    queueState: async (id) =>
      (await get<FleetView>("/fleet")).recent.find((item) => item.id === id)?.state,
  };
}

/**
 * Signs the browser context in as `user` through the API (its cookie lands in the context's
 * jar), for tests about something else than the sign-in form.
 */
export async function signInContext(
  context: BrowserContext,
  url: string,
  user: string,
  password: string,
) {
  const response = await context.request.post(`${url}/api/session`, {
    headers: { origin: url },
    data: { user, password },
  });
  if (response.status() !== 200)
    throw new Error(`signing in as ${user} answered ${response.status()}`);
}

/** Signs in through the sign-in form, as a person does, and waits for the runs page. */
export async function signInThroughForm(page: Page, url: string, user: string, password: string) {
  await page.goto(`${url}/sign-in`);
  await page.getByTestId("sign-in-user").fill(user);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
}
