import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { readNumbers } from "./read-workflow.js";
import { RecordTextReader } from "./record-text-reader.js";

const AWKWARD = ["plain", "", " ", "a,b", "(x)", 'say "hi"', "back\\slash", "\\", '"', "two\nlines", "tab\there", "é😀", "NULL", "()", ',"\\)'];

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

describe("readNumbers", () => {
  it("reads a line of whole numbers, an empty field as null (NaN), and says where the next line starts", () => {
    const into = new Float64Array(5);
    const text = "3 1 1740787200005123  -7\n 2 5";
    const next = readNumbers(text, 0, into);
    expect([...into]).toEqual([3, 1, 1740787200005123, Number.NaN, -7]);
    expect(next).toBe(text.indexOf("\n") + 1);
    readNumbers(text, next, into);
    expect([...into]).toEqual([Number.NaN, 2, 5, Number.NaN, Number.NaN]);
  });
});
