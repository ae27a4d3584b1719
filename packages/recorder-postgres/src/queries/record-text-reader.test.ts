import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecordTextReader } from "./record-text-reader.js";

const AWKWARD = [
  "plain",
  "",
  " ",
  "a,b",
  "(x)",
  'say "hi"',
  "back\\slash",
  "\\",
  '"',
  "two\nlines",
  "tab\there",
  "é😀",
  "NULL",
  "()",
  ',"\\)',
];

describeOnBothDatabases("RecordTextReader", (open) => {
  it("reads back every text and null PostgreSQL prints as records, joined by line breaks", async () => {
    const { db } = await open();
    const values = [...AWKWARD, null];
    const { rows } = await sql<{ text: string }>`
      select string_agg(row(value, value, ordinality::text)::text, e'\\n' order by ordinality) as text
        from unnest(${values}::text[]) with ordinality as value`.execute(db);
    const reader = new RecordTextReader(rows[0]!.text);
    const read: (string | null)[][] = [];
    while (reader.hasRecord()) {
      reader.startRecord();
      read.push([reader.field(), reader.field(), reader.field()]);
      reader.endRecord();
    }
    expect(read).toEqual(values.map((value, index) => [value, value, String(index + 1)]));
  });
});

describe("RecordTextReader on text that is not records", () => {
  it("refuses it, naming where", () => {
    const reader = new RecordTextReader('(a,"unterminated');
    reader.startRecord();
    expect(reader.field()).toBe("a");
    expect(() => reader.field()).toThrow(/Unreadable record text at character/);
    expect(() => new RecordTextReader("x").startRecord()).toThrow(RangeError);
  });
});

describe("RecordTextReader numbers, spans and repeated values", () => {
  it("reads whole numbers in place (a null as NaN), an unquoted field as a span, across rows", () => {
    const rows = [
      { records: "(3,,-7,0.00420)\n(1740787200005123,5,0,-1.5)" },
      { records: null },
      { records: "(9,8,7,6)" },
    ];
    const reader = new RecordTextReader(rows);
    const read: unknown[][] = [];
    while (reader.hasRecord()) {
      reader.startRecord();
      const numbers = [reader.number(), reader.number(), reader.number()];
      reader.span();
      read.push([...numbers, rows[reader.row]!.records!.slice(reader.spanFrom, reader.spanTo)]);
      reader.endRecord();
    }
    expect(read).toEqual([
      [3, Number.NaN, -7, "0.00420"],
      [1740787200005123, 5, 0, "-1.5"],
      [9, 8, 7, "6"],
    ]);
  });

  it("refuses a number or span where the record holds something else", () => {
    const quoted = new RecordTextReader('("12",x)');
    quoted.startRecord();
    expect(() => quoted.number()).toThrow(/Unreadable record text at character/);
    const text = new RecordTextReader("(12x)");
    text.startRecord();
    expect(() => text.number()).toThrow(RangeError);
    const nullSpan = new RecordTextReader("(,1)");
    nullSpan.startRecord();
    expect(() => nullSpan.span()).toThrow(RangeError);
  });

  it("returns the previous value itself when a field repeats it, and only when it reads exactly the same", () => {
    const previous = "finished";
    const reader = new RecordTextReader('(finished,finishedx,"finished",,finishe)');
    reader.startRecord();
    const same = reader.field(previous);
    expect(same).toBe(previous);
    expect(reader.field(previous)).toBe("finishedx");
    expect(reader.field(previous)).toBe("finished");
    expect(reader.field(previous)).toBeNull();
    expect(reader.field(previous)).toBe("finishe");
    reader.endRecord();
  });

  it("never mistakes a value with a comma, parenthesis or quote for the fields that print like it", () => {
    // "a,b" printed is "a,b" quoted; unquoted a then b must not read as the previous "a,b".
    const reader = new RecordTextReader('(a,b,"""q""",x)');
    reader.startRecord();
    expect(reader.field("a,b")).toBe("a");
    expect(reader.field("b)")).toBe("b");
    expect(reader.field('"q"')).toBe('"q"');
    expect(reader.field('x"')).toBe("x");
    reader.endRecord();
  });
});
