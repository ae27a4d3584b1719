/** @internal Thrown when a server's tool-list pages do not end: a cursor repeats, or there are too many pages. */
export class EndlessToolListError extends Error {
  override readonly name = "EndlessToolListError";
}
