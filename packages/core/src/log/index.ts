export type { Logger, LogFields, LogLevel } from "./logger.js";
export { silentLogger } from "./silent-logger.js";
export { stderrLogger } from "./stderr-logger.js";
export { errorFields, type ErrorFields } from "./error-fields.js";
