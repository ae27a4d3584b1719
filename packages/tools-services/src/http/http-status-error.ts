/**
 * A service answered with an HTTP status the call cannot use. Thrown inside
 * `wrapWithContext`, which reads `status` to pick the outcome (400/404/410/422 correctable,
 * anything else uncorrectable) and keeps this error on `cause`.
 *
 * It deliberately holds nothing but the status: no URL (a query string may carry an API key),
 * no headers, no body (NCBI echoes the API key in its error bodies).
 *
 * @internal
 */
export class HttpStatusError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`HTTP ${status}`);
    this.name = "HttpStatusError";
    this.status = status;
  }
}
