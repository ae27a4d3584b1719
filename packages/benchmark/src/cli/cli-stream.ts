/**
 * An output stream of the command: anything that takes text — `process.stdout` and
 * `process.stderr`, a file stream, a test's collector. `isTTY` decides between a progress bar
 * and plain lines, and a terminal's `columns` sizes the bar. Written out here rather than as
 * Node's stream type, so the package's published types need no `@types/node`.
 *
 * @example
 * const lines: string[] = [];
 * const collector: CliStream = { write: (chunk: string) => lines.push(chunk) };
 */
export interface CliStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}
