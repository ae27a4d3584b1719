/**
 * The pages' one way to the server: same-origin fetch with the session cookie, JSON both ways,
 * the CSRF token on every POST and DELETE, and the server's error (its message and the field
 * at fault) surfaced as an {@link ApiFailure} the page shows. A 401 anywhere but sign-in means
 * the session ended: {@link ApiClientOptions.onUnauthenticated} sends the user to `/sign-in`.
 *
 * @packageDocumentation
 */

import type { ApiError } from "../../../src/api/contract.ts";

/** A request the server refused or could not answer, as a person should read it. */
export class ApiFailure extends Error {
  /** The HTTP status, 0 when the server was not reached. */
  readonly status: number;
  /** The server's stable code (`invalid_input`, `forbidden`, ...), or `network` / `bad_answer`. */
  readonly code: string;
  /** The parameter or body field at fault, for `invalid_input`. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = "ApiFailure";
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** How the client reaches the server and what it does when the session is gone. */
export interface ApiClientOptions {
  /** The fetch to use; the browser's by default (tests pass their own). */
  readonly fetch?: typeof fetch;
  /** Called on a 401 from any request but signing in. */
  readonly onUnauthenticated?: () => void;
}

/** Query parameters; empty and undefined values are left out. */
export type QueryParams = Readonly<Record<string, string | undefined>>;

/** Requests against `/api`, typed by what the caller expects back. */
export interface ApiClient {
  /** `GET /api{path}?{query}`. */
  get<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<T>;
  /** `POST /api{path}` with a JSON body and the CSRF token. */
  post<T>(path: string, body?: unknown): Promise<T>;
  /** `DELETE /api{path}` with the CSRF token. */
  delete(path: string): Promise<void>;
  /** The token sent as `x-csrf-token`, from the session; null signs it out of the client. */
  setCsrfToken(token: string | null): void;
}

function isApiError(value: unknown): value is ApiError {
  if (typeof value !== "object" || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

async function failureOf(response: Response): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): fall back to the status line below.
  }
  if (isApiError(body)) {
    return new ApiFailure(response.status, body.error.code, body.error.message, body.error.field);
  }
  const reason = response.statusText || "the server answered with an error";
  return new ApiFailure(response.status, "bad_answer", `${response.status} ${reason}`);
}

/**
 * A client for the admin API.
 *
 * @example
 * const api = createApiClient({ onUnauthenticated: () => navigate("/sign-in") });
 * const page = await api.get<RunsPage>("/runs", { status: "failed" });
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let csrfToken: string | null = null;

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && csrfToken !== null) headers["x-csrf-token"] = csrfToken;
    let response: Response;
    try {
      response = await doFetch(`/api${path}`, {
        method,
        headers,
        credentials: "same-origin",
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      throw new ApiFailure(0, "network", "The server could not be reached.");
    }
    if (!response.ok) {
      const failure = await failureOf(response);
      const signingIn = method === "POST" && path === "/session";
      if (response.status === 401 && !signingIn) options.onUnauthenticated?.();
      throw failure;
    }
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiFailure(response.status, "bad_answer", "The server's answer was not JSON.");
    }
  }

  return {
    get<T>(path: string, query: QueryParams = {}, signal?: AbortSignal): Promise<T> {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== "") params.set(key, value);
      }
      const search = params.toString();
      return request<T>("GET", search === "" ? path : `${path}?${search}`, undefined, signal);
    },
    post<T>(path: string, body: unknown = {}): Promise<T> {
      return request<T>("POST", path, body);
    },
    async delete(path: string): Promise<void> {
      await request<unknown>("DELETE", path, undefined);
    },
    setCsrfToken(token: string | null): void {
      csrfToken = token;
    },
  };
}

/**
 * A path segment for an id the server gave: ids are opaque text and may hold `/` or `?`.
 *
 * @example idSegment("a/b"); // "a%2Fb"
 */
export function idSegment(id: string | number): string {
  return encodeURIComponent(String(id));
}
