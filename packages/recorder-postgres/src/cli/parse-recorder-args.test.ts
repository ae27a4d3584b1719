import { describe, expect, it } from "vitest";
import { parseRecorderArgs } from "./parse-recorder-args.js";

const usage = (argv: string[]) => {
  const request = parseRecorderArgs(argv);
  if (request.kind !== "usage-error") throw new Error(`expected a usage error, got ${JSON.stringify(request)}`);
  return request.message;
};

describe("parseRecorderArgs", () => {
  it("reads each command with its options and the database flags", () => {
    expect(parseRecorderArgs(["--url", "postgres://h/db", "trajectory", "wf-1"])).toEqual({
      kind: "run",
      command: { name: "trajectory", rootId: "wf-1" },
      database: { url: "postgres://h/db", dataDir: undefined },
      json: false,
    });
    expect(parseRecorderArgs(["ledger", "--by", "day", "--root", "wf-1", "--from", "2025-01-06", "--to", "2025-01-07T00:00:00Z", "--currency", "USD", "--json"])).toMatchObject({
      command: { name: "ledger", by: "day", rootId: "wf-1", from: new Date("2025-01-06T00:00:00Z"), to: new Date("2025-01-07T00:00:00Z"), currency: "USD" },
      json: true,
    });
    expect(parseRecorderArgs(["ledger"])).toMatchObject({ command: { name: "ledger", by: "workflow" } });
    expect(parseRecorderArgs(["--data-dir", "x", "sizing", "--class", "Search"])).toMatchObject({ command: { name: "sizing", jobClass: "Search" }, database: { dataDir: "x" } });
    expect(parseRecorderArgs(["benchmarks", "--root", "wf-2"])).toMatchObject({ command: { name: "benchmarks", rootId: "wf-2" } });
    expect(parseRecorderArgs(["benchmarks", "bench-1"])).toMatchObject({ command: { name: "benchmark", jobId: "bench-1" } });
    expect(parseRecorderArgs(["migrate"])).toMatchObject({ command: { name: "migrate" } });
    expect(parseRecorderArgs(["--help"])).toEqual({ kind: "help" });
  });

  it("a flag the command does not take is a usage error naming the flag and what the command takes", () => {
    expect(usage(["ledger", "--class", "Search"])).toBe("--class is not an option of ledger (ledger takes --by, --root, --from, --to, --currency)");
    expect(usage(["trajectory", "wf-1", "--by", "day"])).toBe("--by is not an option of trajectory (trajectory takes no options)");
  });

  it("unknown flags, missing values and values out of range name the flag", () => {
    expect(usage(["ledger", "--bogus"])).toContain("--bogus");
    expect(usage(["ledger", "--by"])).toContain("--by");
    expect(usage(["ledger", "--by", "provider"])).toBe('--by must be one of workflow, jobClass, model, day (got "provider")');
    expect(usage(["ledger", "--from", "yesterday"])).toContain("--from must be an ISO date");
    // A time without its zone would be read in the machine's zone: refused.
    expect(usage(["ledger", "--to", "2025-01-06T10:00"])).toContain("--to must be an ISO date");
    expect(usage(["--url", "postgres://h/db", "--data-dir", "x", "ledger"])).toBe("give --url or --data-dir, not both");
    expect(usage(["sizing", "--class", ""])).toBe("--class needs a value");
  });

  it("a missing command, an unknown one, a missing id and extra arguments are usage errors", () => {
    expect(usage([])).toContain("expected a command");
    expect(usage(["drop"])).toContain('unknown command "drop"');
    expect(usage(["trajectory"])).toContain("trajectory needs the workflow's id");
    expect(usage(["trajectory", "a", "b"])).toBe('unexpected argument "b" after trajectory');
    expect(usage(["benchmarks", "bench-1", "--root", "wf-1"])).toContain("--root");
  });
});
