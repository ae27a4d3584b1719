import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatDuration,
  formatMoney,
  prettyJson,
  spanOf,
  textOrPrettyJson,
} from "./format.ts";
import { isoToLocalInput, localInputToIso, readQuery, writeQuery } from "./query.ts";

describe("durations read at the scale they have", () => {
  it("uses ms, s, minutes, hours and days", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(2_500)).toBe("2.50 s");
    expect(formatDuration(12_400)).toBe("12.4 s");
    expect(formatDuration(185_000)).toBe("3 m 05 s");
    expect(formatDuration(7_620_000)).toBe("2 h 07 m");
    expect(formatDuration(3 * 86_400_000)).toBe("3 d 0 h");
    expect(formatDuration(-1)).toBe("—");
  });

  it("measures a running job up to now and a job that never started as a dash", () => {
    expect(spanOf(1_000, null, 3_500)).toBe("2.50 s");
    expect(spanOf(null, null, 3_500)).toBe("—");
  });
});

describe("heartbeat ages tick in whole seconds", () => {
  it("says just now, then seconds, then minutes", () => {
    expect(formatAge(10_000, 10_400)).toBe("just now");
    expect(formatAge(10_000, 14_700)).toBe("4 s ago");
    expect(formatAge(0, 185_000)).toBe("3 m 05 s ago");
    expect(formatAge(5_000, 1_000)).toBe("just now");
  });
});

describe("money shows the exact text it came as", () => {
  it("lists every currency, sorted, and a dash for nothing", () => {
    expect(formatMoney({ USD: "0.0132", EUR: "1.20" })).toBe("EUR 1.20 · USD 0.0132");
    expect(formatMoney({})).toBe("—");
  });
});

describe("JSON shows indented", () => {
  it("indents tool text that is JSON and keeps any other text exactly", () => {
    expect(textOrPrettyJson('{"q":"tides"}')).toBe('{\n  "q": "tides"\n}');
    expect(textOrPrettyJson("{not json")).toBe("{not json");
    expect(textOrPrettyJson("plain words")).toBe("plain words");
    expect(textOrPrettyJson("42")).toBe("42");
  });

  it("indents objects and leaves nothing for undefined", () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson(undefined)).toBe("");
  });
});

describe("filters live in the URL", () => {
  it("keeps only the known, non-empty parameters", () => {
    expect(readQuery("?status=failed&q=&other=1", ["status", "q"])).toEqual({ status: "failed" });
  });

  it("writes non-empty values and round-trips text with reserved characters", () => {
    const search = writeQuery({ q: 'tool "x" & y', status: "", tenant: undefined });
    expect(search).toBe("?q=tool+%22x%22+%26+y");
    expect(readQuery(search, ["q"])).toEqual({ q: 'tool "x" & y' });
    expect(writeQuery({})).toBe("");
  });

  it("turns a local date-time input into an instant and back", () => {
    const iso = localInputToIso("2025-03-04T05:06");
    expect(iso).toMatch(/^2025-03-0\dT\d\d:06:00\.000Z$/);
    expect(isoToLocalInput(iso)).toBe("2025-03-04T05:06");
    expect(isoToLocalInput(String(new Date(iso).getTime()))).toBe("2025-03-04T05:06");
  });

  it("passes unreadable dates through for the server to name, and shows them empty", () => {
    expect(localInputToIso("yesterday")).toBe("yesterday");
    expect(isoToLocalInput("yesterday")).toBe("");
    expect(localInputToIso("")).toBe("");
  });
});
