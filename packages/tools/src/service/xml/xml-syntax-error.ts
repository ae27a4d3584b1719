/**
 * The text was not well-formed XML. The message names the position only, never the content,
 * which came from a service and is not ours to repeat.
 *
 * @internal
 */
export class XmlSyntaxError extends Error {
  /** The character offset where parsing stopped. */
  readonly offset: number;

  constructor(problem: string, offset: number) {
    super(`${problem} at offset ${offset}`);
    this.name = "XmlSyntaxError";
    this.offset = offset;
  }
}
