/**
 * The `fetch` a service tool uses: the tool's default client unless one is injected (tests
 * inject one so tools talk to local fixture servers). Most tools default to the global
 * `fetch`; `WebFetchTool` defaults to its own address-pinned transport.
 */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;
