/**
 * Every route of the admin API as a typed function, over one shared {@link ApiClient}. The
 * types come from the server's contract, imported as types only; a run arrives in its compact
 * form and is decoded by the contract's own (dependency-free) decoder.
 *
 * @packageDocumentation
 */

import type {
  BenchmarkDetail,
  BenchmarkSummary,
  CostRow,
  CostsQuery,
  DoneAnswer,
  FleetView,
  JobContentView,
  ModelCallSummary,
  ModelCallView,
  ModelsView,
  RunDetail,
  RunsPage,
  RunsQuery,
  SessionInfo,
  SignInRequest,
  SubmitAnswer,
  SubmitRequest,
} from "../../../src/api/contract.ts";
import { decodeRun, type RunDetailWire } from "../../../src/api/run-wire.ts";
import { type ApiClient, createApiClient, idSegment } from "./client.ts";

const sessionLostListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the server answers 401: the session expired or was revoked.
 *
 * @example onSessionLost(() => navigate("/sign-in"));
 */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/** The console's one client; the session sets its CSRF token. */
export const client: ApiClient = createApiClient({
  onUnauthenticated: () => {
    for (const listener of sessionLostListeners) listener();
  },
});

/** The admin API, one function per route. */
export const api = {
  session: (signal?: AbortSignal) => client.get<SessionInfo>("/session", {}, signal),
  signIn: (request: SignInRequest) => client.post<SessionInfo>("/session", request),
  signOut: () => client.delete("/session"),
  runs: (query: RunsQuery, signal?: AbortSignal) =>
    client.get<RunsPage>("/runs", { ...query }, signal),
  run: (rootId: string, signal?: AbortSignal) =>
    client
      .get<RunDetailWire>(`/runs/${idSegment(rootId)}`, {}, signal)
      .then((wire): RunDetail => decodeRun(wire)),
  jobContent: (jobId: string, signal?: AbortSignal) =>
    client.get<JobContentView>(`/jobs/${idSegment(jobId)}/content`, {}, signal),
  jobCalls: (jobId: string, signal?: AbortSignal) =>
    client.get<ModelCallSummary[]>(`/jobs/${idSegment(jobId)}/calls`, {}, signal),
  jobCall: (jobId: string, seq: number, signal?: AbortSignal) =>
    client.get<ModelCallView>(`/jobs/${idSegment(jobId)}/calls/${idSegment(seq)}`, {}, signal),
  costs: (query: CostsQuery, signal?: AbortSignal) =>
    client.get<CostRow[]>("/costs", { ...query }, signal),
  benchmarks: (signal?: AbortSignal) => client.get<BenchmarkSummary[]>("/benchmarks", {}, signal),
  benchmark: (jobId: string, signal?: AbortSignal) =>
    client.get<BenchmarkDetail>(`/benchmarks/${idSegment(jobId)}`, {}, signal),
  models: (signal?: AbortSignal) => client.get<ModelsView>("/models", {}, signal),
  fleet: (signal?: AbortSignal) => client.get<FleetView>("/fleet", {}, signal),
  submit: (request: SubmitRequest) => client.post<SubmitAnswer>("/fleet/submit", request),
  cancelWorkflow: (id: string) =>
    client.post<DoneAnswer>(`/fleet/workflows/${idSegment(id)}/cancel`),
  retryDeadLetter: (id: string) =>
    client.post<DoneAnswer>(`/fleet/dead-letters/${idSegment(id)}/retry`),
};
