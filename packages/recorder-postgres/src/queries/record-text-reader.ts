/**
 * Reads rows PostgreSQL printed as record text (`row(a, b, ...)::text`, e.g. `(x,,"a ""b""",7)`)
 * and joined into one text, one record after another: field by field, each text field as a
 * string, a null as `null`, with no object or array per row. The format is `record_out`'s: a
 * null is nothing between commas; a field holding a quote, backslash, comma, parenthesis or
 * whitespace, or empty, is quoted, with quotes and backslashes doubled.
 *
 * Why this and not rows or JSON: a large trajectory is a hundred thousand rows, and every
 * field of every row costs the driver a string and PGlite a copy out of its memory, while
 * building JSON (`json_build_array` per row) cost the server several times as much as
 * printing the records. One text per statement costs the server little and the driver
 * nothing; this reads it in one pass.
 *
 * @internal
 */
export class RecordTextReader {
  readonly #text: string;
  #position = 0;

  constructor(text: string) {
    this.#text = text;
  }

  /** Whether another record follows. */
  hasRecord(): boolean {
    return this.#position < this.#text.length;
  }

  /** Moves into the next record (past the separator before it, if any). */
  startRecord(): void {
    if (this.#text.charCodeAt(this.#position) === 10 /* \n between records */) this.#position += 1;
    this.#expect(40 /* ( */);
  }

  /** The next field of the current record, as text, or `null`. */
  field(): string | null {
    const text = this.#text;
    let position = this.#position;
    let value: string | null;
    const first = text.charCodeAt(position);
    if (first === 44 /* , */ || first === 41 /* ) */) value = null;
    else if (first === 34 /* " */) {
      position += 1;
      let start = position;
      let unescaped = "";
      for (;;) {
        const code = text.charCodeAt(position);
        if (Number.isNaN(code)) throw this.#malformed(position);
        if (code === 92 /* \ */) {
          unescaped += text.slice(start, position);
          start = position + 1;
          position += 2;
        } else if (code === 34 /* " */) {
          if (text.charCodeAt(position + 1) === 34) {
            unescaped += text.slice(start, position);
            start = position + 1;
            position += 2;
          } else break;
        } else position += 1;
      }
      value = unescaped + text.slice(start, position);
      position += 1;
    } else {
      const start = position;
      while (position < text.length && text.charCodeAt(position) !== 44 && text.charCodeAt(position) !== 41) position += 1;
      value = text.slice(start, position);
    }
    const next = text.charCodeAt(position);
    if (next !== 44 && next !== 41) throw this.#malformed(position);
    this.#position = next === 44 ? position + 1 : position;
    return value;
  }

  /** Leaves the current record, which must have no fields left. */
  endRecord(): void {
    this.#expect(41 /* ) */);
  }

  #expect(code: number): void {
    if (this.#text.charCodeAt(this.#position) !== code) throw this.#malformed(this.#position);
    this.#position += 1;
  }

  #malformed(position: number): RangeError {
    return new RangeError(`Unreadable record text at character ${position}: ${JSON.stringify(this.#text.slice(Math.max(0, position - 20), position + 20))}`);
  }
}
