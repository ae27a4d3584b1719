/**
 * @nucleo/admin — the Nucleo admin console: an HTTP server and web pages over the recorder's
 * queries, the fleet's client and the catalog, behind a sign-in with viewer and operator roles.
 *
 * @packageDocumentation
 */
export { createAdminApp, type AdminAppOptions } from "./admin-app.js";
export {
  startAdmin,
  defaultPagesDir,
  ADMIN_DEFAULT_PORT,
  type RunningAdmin,
  type StartAdminOptions,
} from "./start-admin.js";
export type { AdminServices, ConsoleFleet, ConsoleQueries } from "./services/admin-services.js";
export {
  resolveCredentials,
  PASSWORD_VARIABLES,
  MIN_PASSWORD_LENGTH,
  type Credentials,
  type ResolvedCredentials,
} from "./auth/credentials.js";
export { hashPassword, verifyPassword } from "./auth/password-hash.js";
export { AdminError, type AdminErrorCode } from "./admin-error.js";
export { CONTENT_SECURITY_POLICY } from "./http/security-headers.js";
export type * from "./api/contract.js";
export { decodeRun, type RunDetailWire, type WireSpends } from "./api/run-wire.js";
