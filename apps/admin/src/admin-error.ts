/** What went wrong starting or configuring the console. */
export type AdminErrorCode = "invalid_config" | "not_built";

/** A refusal to start the console, saying what to change. Never holds a password. */
export class AdminError extends Error {
  readonly code: AdminErrorCode;

  constructor(code: AdminErrorCode, message: string) {
    super(message);
    this.name = "AdminError";
    this.code = code;
  }
}
