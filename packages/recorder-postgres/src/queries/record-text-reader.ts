/** A row of a statement that selects record text as `records`: one record, or several joined by line breaks. */
export interface RecordRow {
  readonly records: string | null;
}

/**
 * Reads rows PostgreSQL printed as record text (`row(a, b, ...)::text`, e.g. `(x,,"a ""b""",7)`):
 * field by field, a text field as a string, a number straight from the text, a null as `null`
 * (or NaN), with no object or array per row. The records come as a list of texts, each holding
 * one record or several separated by line breaks — a server's rows one by one, or PGlite's
 * `string_agg` of them. The format is `record_out`'s: a null is nothing between commas; a
 * field holding a quote, backslash, comma, parenthesis or whitespace, or empty, is quoted, with
 * quotes and backslashes doubled.
 *
 * Why this and not plain columns or JSON: a large trajectory is a hundred thousand rows, and
 * every column of every row costs the driver a string and a property (and PGlite a copy out of
 * its memory), while building JSON (`json_build_array` per row) cost the server several times
 * as much as printing the records. One text per row (or per statement) costs the server little
 * and the driver one string; this reads it in one pass.
 *
 * @internal
 */
export class RecordTextReader {
  readonly #rows: readonly RecordRow[];
  #row = 0;
  #text: string;
  #position = 0;
  /** The bounds of the last {@link RecordTextReader.span}, in the `records` of row {@link RecordTextReader.row}. */
  spanFrom = 0;
  spanTo = 0;

  /** Reads one text, or the `records` of each row in turn (a null as none). */
  constructor(source: string | readonly RecordRow[]) {
    this.#rows = typeof source === "string" ? [{ records: source }] : source;
    this.#text = this.#rows[0]?.records ?? "";
  }

  /** The position of the row the reader is in, among those it was given (0 for one text). */
  get row(): number {
    return this.#row;
  }

  /** Whether another record follows. */
  hasRecord(): boolean {
    while (this.#position >= this.#text.length) {
      if (this.#row + 1 >= this.#rows.length) return false;
      this.#row += 1;
      this.#text = this.#rows[this.#row]!.records ?? "";
      this.#position = 0;
    }
    return true;
  }

  /** Moves into the next record (past the separator before it, if any). */
  startRecord(): void {
    this.hasRecord();
    if (this.#text.charCodeAt(this.#position) === 10 /* \n between records */) this.#position += 1;
    this.#expect(40 /* ( */);
  }

  /**
   * The next field of the current record, as text, or `null`. When it reads the same as
   * `previous` (the same column's value in the record before, say), `previous` itself is
   * returned: a column whose value repeats row after row (a status, a parent's id) then costs
   * no new string.
   */
  field(previous?: string | null): string | null {
    const text = this.#text;
    let position = this.#position;
    let value: string | null;
    const first = text.charCodeAt(position);
    if (first === 44 /* , */ || first === 41 /* ) */) value = null;
    else if (
      previous !== undefined &&
      previous !== null &&
      previous.length > 0 &&
      this.#startsWith(previous, position)
    ) {
      value = previous;
      position += previous.length;
    } else if (first === 34 /* " */) {
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
      while (
        position < text.length &&
        text.charCodeAt(position) !== 44 &&
        text.charCodeAt(position) !== 41
      )
        position += 1;
      value = text.slice(start, position);
    }
    this.#endField(position);
    return value;
  }

  /**
   * The next field as a whole number (an optional minus and digits, as PostgreSQL prints
   * integers), read without making a string; NaN for a null. Anything else is refused.
   */
  number(): number {
    const text = this.#text;
    let position = this.#position;
    const negative = text.charCodeAt(position) === 45; /* - */
    if (negative) position += 1;
    const start = position;
    let value = 0;
    for (
      let code = text.charCodeAt(position);
      code >= 48 && code <= 57;
      code = text.charCodeAt(++position)
    )
      value = value * 10 + (code - 48);
    if (position === start) {
      if (negative) throw this.#malformed(position);
      this.#endField(position);
      return Number.NaN;
    }
    this.#endField(position);
    return negative ? -value : value;
  }

  /**
   * Finds the next field, which must be unquoted and not null (a number, say), and leaves its
   * bounds in {@link RecordTextReader.spanFrom} and {@link RecordTextReader.spanTo} (in the
   * current row's text), so it is read in place, without a string of its own.
   */
  span(): void {
    const text = this.#text;
    let position = this.#position;
    const first = text.charCodeAt(position);
    if (first === 34 /* " */ || first === 44 || first === 41) throw this.#malformed(position);
    while (
      position < text.length &&
      text.charCodeAt(position) !== 44 &&
      text.charCodeAt(position) !== 41
    )
      position += 1;
    this.spanFrom = this.#position;
    this.spanTo = position;
    this.#endField(position);
  }

  /** Whether the field at `position` is unquoted and reads `value`, all of it. */
  #startsWith(value: string, position: number): boolean {
    const text = this.#text;
    const end = position + value.length;
    const next = text.charCodeAt(end);
    if (next !== 44 && next !== 41) return false;
    for (let index = 0; index < value.length; index += 1) {
      const code = text.charCodeAt(position + index);
      // A quote can only open a quoted field; a comma or parenthesis ends an unquoted one.
      if (code !== value.charCodeAt(index) || code === 34 || code === 44 || code === 41)
        return false;
    }
    return true;
  }

  /** Leaves the current record, which must have no fields left. */
  endRecord(): void {
    this.#expect(41 /* ) */);
  }

  #endField(position: number): void {
    const next = this.#text.charCodeAt(position);
    if (next !== 44 && next !== 41) throw this.#malformed(position);
    this.#position = next === 44 ? position + 1 : position;
  }

  #expect(code: number): void {
    if (this.#text.charCodeAt(this.#position) !== code) throw this.#malformed(this.#position);
    this.#position += 1;
  }

  /** Names where, never what: the text is recorded data (model-written error messages among it). */
  #malformed(position: number): RangeError {
    return new RangeError(
      `Unreadable record text at character ${position} of row ${this.#row + 1}.`,
    );
  }
}
