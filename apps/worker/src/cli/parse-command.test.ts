import { describe, expect, it } from "vitest";
import { WorkerError } from "../worker-error.js";
import { parseCommand } from "./parse-command.js";

function refused(argv: string[]): WorkerError {
  try {
    parseCommand(argv);
  } catch (error) {
    if (WorkerError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`parseCommand accepted ${argv.join(" ")}`);
}

describe("the worker's command line", () => {
  it("runs the examples when no command is given", () => {
    expect(parseCommand([])).toEqual({ kind: "examples" });
    expect(parseCommand(["--tenant", "acme", "--config", "w.json"])).toEqual({ kind: "examples", tenant: "acme", config: "w.json" });
  });

  it("reads run with its workflow, input and tenant", () => {
    expect(parseCommand(["run", "budget_check", "--input", '{"costs":[1]}', "--tenant", "acme"])).toEqual({ kind: "run", workflow: "budget_check", input: '{"costs":[1]}', tenant: "acme" });
    expect(parseCommand(["list"])).toEqual({ kind: "list" });
    expect(parseCommand(["sizing", "--job-class", "LLMCall"])).toEqual({ kind: "sizing", jobClass: "LLMCall" });
    expect(parseCommand(["-h"])).toEqual({ kind: "help" });
    expect(parseCommand(["--", "run", "digest_document", "--input", "{}"])).toEqual({ kind: "run", workflow: "digest_document", input: "{}" });
  });

  it("refuses an unknown command, option or a misplaced option, naming it", () => {
    expect(refused(["start"]).message).toBe('Unknown command "start": expected examples, run, list or sizing.');
    expect(refused(["--bogus"]).message).toMatch(/--bogus/);
    expect(refused(["list", "--input", "{}"])).toMatchObject({ code: "usage", field: "--input" });
    expect(refused(["run"]).message).toMatch(/run needs the workflow's name/);
    expect(refused(["run", "a", "b"]).field).toBe("workflow");
    expect(refused(["run", "a", "--tenant", " "]).field).toBe("--tenant");
  });
});
