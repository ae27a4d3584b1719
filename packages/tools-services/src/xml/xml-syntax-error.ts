/** Where in a document parsing stopped: 1-based line and column. */
export interface XmlPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * The text was not well-formed XML, or held a construct the tools refuse (an external entity,
 * a name that could pollute prototypes, nesting past the limit). The message names the
 * problem and the position only, never the content, which came from a service and is not
 * ours to repeat; for the same reason the parser's own error is not kept as `cause` (its
 * messages quote tag names and characters of the document).
 *
 * @internal
 */
export class XmlSyntaxError extends Error {
  /** Where parsing stopped, when the parser said. */
  readonly position: XmlPosition | undefined;

  constructor(problem: string, position?: XmlPosition) {
    super(
      position === undefined
        ? problem
        : `${problem} at line ${position.line}, column ${position.column}`,
    );
    this.name = "XmlSyntaxError";
    this.position = position;
  }
}
