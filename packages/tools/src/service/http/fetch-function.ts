/**
 * The `fetch` a service tool uses: the global one by default, injected in tests so tools talk
 * to local fixture servers.
 */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;
