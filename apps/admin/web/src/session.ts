/**
 * Who is signed in, as a store the header and the operator-only controls read. The session
 * lives in the server's cookie; this keeps what `GET /api/session` or signing in answered,
 * and hands its CSRF token to the API client.
 *
 * @packageDocumentation
 */

import { useSyncExternalStore } from "react";
import type { SessionInfo } from "../../src/api/contract.ts";
import { api, client, onSessionLost } from "./api/endpoints.ts";

/** Where the session is: still being read, absent, or a signed-in user. */
export type SessionState =
  | { readonly status: "loading" }
  | { readonly status: "signed-out" }
  | { readonly status: "signed-in"; readonly info: SessionInfo };

const listeners = new Set<() => void>();
let state: SessionState = { status: "loading" };

function setState(next: SessionState): void {
  state = next;
  client.setCsrfToken(next.status === "signed-in" ? next.info.csrfToken : null);
  for (const listener of listeners) listener();
}

onSessionLost(() => {
  if (state.status !== "signed-out") setState({ status: "signed-out" });
});

/**
 * The current session; the component re-renders when it changes.
 *
 * @example const session = useSession(); if (session.status === "signed-in") ...
 */
export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * Whether the signed-in user may submit, cancel and retry. The server checks again; this only
 * keeps a viewer from seeing buttons that would be refused.
 *
 * @example if (isOperator(useSession())) ...
 */
export function isOperator(session: SessionState): boolean {
  return session.status === "signed-in" && session.info.role === "operator";
}

/**
 * Reads the session the cookie holds, if any (on page load).
 *
 * @example await loadSession();
 */
export async function loadSession(): Promise<void> {
  try {
    setState({ status: "signed-in", info: await api.session() });
  } catch {
    setState({ status: "signed-out" });
  }
}

/**
 * Signs in; throws the server's refusal (wrong password, too many attempts) for the form.
 *
 * @example await signIn("operator", password);
 */
export async function signIn(user: string, password: string): Promise<void> {
  setState({ status: "signed-in", info: await api.signIn({ user, password }) });
}

/**
 * Signs out on the server, then here even when the server could not be reached.
 *
 * @example await signOut();
 */
export async function signOut(): Promise<void> {
  try {
    await api.signOut();
  } finally {
    setState({ status: "signed-out" });
  }
}
