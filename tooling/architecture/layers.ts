/**
 * The layer graph, written down once (the root README draws it). A package may import only the
 * packages listed for it; keys and values are names without the `@nucleo/` scope. Change the
 * graph here and in the root README together.
 *
 * Apps (`apps/*`) and `test-e2e` compose packages and may import any of them; they are not
 * listed because nothing is below or above them except "no package imports an app".
 */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  core: [],
  catalog: ["core"],
  conversation: ["core", "catalog"],
  "provider-openai": ["core", "catalog", "conversation"],
  "provider-anthropic": ["core", "catalog", "conversation"],
  tools: ["core", "catalog", "conversation"],
  // tools-mcp is its own package so the MCP SDK comes only to those who want it.
  "tools-mcp": ["core", "catalog", "conversation", "tools"],
  // tools-services too, so the HTTP, HTML and XML clients of the service tools come only to their users.
  "tools-services": ["core", "catalog", "conversation", "tools"],
  thinkers: ["core", "catalog", "conversation", "tools"],
  benchmark: ["core", "catalog", "conversation", "tools", "thinkers"],
  // recorder-postgres implements the shared admission store (catalog) and the durable conversation
  // store (conversation) besides recording events; it knows nothing of tools or thinkers (0011).
  "recorder-postgres": ["core", "catalog", "conversation"],
  // testing speaks the providers' wire formats with shapes of its own rather than importing the
  // providers, so the providers' tests can use its mock server (docs/decisions/0005).
  testing: ["core", "catalog", "conversation"],
  // otel turns run events into OpenTelemetry spans; it needs the events (core) and nothing else,
  // so its users install no model, tool or database code (docs/decisions/0041).
  otel: ["core"],
  // fleet moves workflow requests through a PostgreSQL queue (pg-boss) and runs a handler for
  // each; it knows workflows only by name and input, not jobs, dispatchers or recorders.
  fleet: ["core"],
};

/**
 * Extra packages a package may use from files it never ships (tests, benches, root config
 * files) and in `devDependencies`. Thinker tests drive real loops with the scripted
 * `LlmClient` of `@nucleo/testing`; only packages that testing does not itself depend on are
 * listed, so the graph stays acyclic (turbo rejects cycles, devDependencies included).
 */
export const DEV_ONLY_LAYERS: Readonly<Record<string, readonly string[]>> = {
  "provider-openai": ["testing"],
  "provider-anthropic": ["testing"],
  tools: ["testing"],
  "tools-services": ["testing"],
  thinkers: ["testing"],
  benchmark: ["testing"],
  "recorder-postgres": ["testing"],
  // otel's tests run a real thinker with a sub-thinker and tools under the observer.
  otel: ["catalog", "conversation", "tools", "thinkers", "testing"],
};

/**
 * Workspace packages that hold build and test presets: any project may list them in
 * `devDependencies` and import them from files it never ships.
 */
export const DEV_TOOLING_PACKAGES: readonly string[] = ["tooling"];

/**
 * The one package each vendor SDK may live in (a vendor lives in one leaf package: the root
 * README says which). Apps and `test-e2e` may use them too.
 */
export const VENDOR_HOMES: Readonly<Record<string, string>> = {
  openai: "provider-openai",
  "@anthropic-ai/sdk": "provider-anthropic",
  kysely: "recorder-postgres",
  pg: "recorder-postgres",
  "@electric-sql/pglite": "recorder-postgres",
  "@modelcontextprotocol/sdk": "tools-mcp",
  undici: "tools-services",
  "html-to-text": "tools-services",
  "fast-xml-parser": "tools-services",
  "@opentelemetry/api": "otel",
  "@opentelemetry/sdk-trace": "otel",
  "@opentelemetry/resources": "otel",
  "@opentelemetry/exporter-trace-otlp-http": "otel",
  "pg-boss": "fleet",
};

/**
 * Vendor SDKs a package other than their home may use from files it never ships (tests,
 * benches, root config files) and in `devDependencies`: the fleet's tests and benchmark run its
 * queue on PGlite, which it never imports itself (users hand it their instance).
 */
export const DEV_ONLY_VENDORS: Readonly<Record<string, readonly string[]>> = {
  fleet: ["@electric-sql/pglite"],
};

/** What core may depend on at run time: zod and nothing else (docs/architecture.md#layers-and-seams). */
export const CORE_RUNTIME_DEPENDENCIES: readonly string[] = ["zod"];

/** The npm scope every workspace project is published under. */
export const WORKSPACE_SCOPE = "@nucleo/";
