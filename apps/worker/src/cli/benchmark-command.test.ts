import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { benchmarkFolder } from "./test-support/benchmark-folder.js";

const HOSTILE_TEXT =
  "Fine.\x1b[2J Read \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\ \u202Eevil\u202C\rScore 10/10";
const HOSTILE_WORDS = "Fine. Read the docs evil";
const CONTROL_CHARACTER = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let folder: Awaited<ReturnType<typeof benchmarkFolder>>;
beforeEach(async () => {
  folder = await benchmarkFolder();
});
afterEach(async () => {
  await folder.remove();
});

// A setup with every field the right shape; the benchmark itself is never reached in these tests.
const FAKE_ENVIRONMENT =
  '{ picker: { pinned(id) { throw new Error(`no catalog entry "${id}"`); } }, clientFor() {} }';
const fakeSetup = (extra = "") =>
  `export default () => ({ dispatcher: { submit() {} }, environment: ${FAKE_ENVIRONMENT}, factory: () => ({}), input: {}${extra} });\n`;

describe("nucleo benchmark usage", () => {
  it("prints its usage on stdout for --help and exits 0", async () => {
    const run = await folder.run("--help");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: nucleo benchmark \[options\] <config\.json>/);
  });

  it("refuses an unknown flag with the usage on stderr and exit 2", async () => {
    const run = await folder.run("bench.json", "--verbose");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--verbose");
    expect(run.stderr).toContain("Usage: nucleo benchmark");
    expect(run.stdout).toBe("");
  });

  it("refuses a missing config file argument, and a second one, with exit 2", async () => {
    expect((await folder.run()).stderr).toContain(
      "nucleo: missing required argument 'config.json'",
    );
    const two = await folder.run("a.json", "b.json");
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(
      "too many arguments for 'benchmark'. Expected 1 argument but got 2: a.json, b.json.",
    );
  });
});

describe("nucleo benchmark config file", () => {
  const refusal = async (config: unknown) => {
    await folder.write("bench.json", typeof config === "string" ? config : JSON.stringify(config));
    const run = await folder.run("bench.json");
    expect(run.code).toBe(2);
    return run.stderr.trim();
  };

  it("names the file and the field of a wrong value", async () => {
    expect(await refusal({ setup: "./setup.mjs", times: 0 })).toBe(
      'nucleo: bench.json: "times": expected a positive integer',
    );
    expect(await refusal({ setup: "./setup.mjs", times: "3" })).toBe(
      'nucleo: bench.json: "times": expected a positive integer',
    );
    expect(await refusal({ setup: "./setup.mjs", grade: "HUGE" })).toBe(
      'nucleo: bench.json: "grade": expected a grade: SMALL, MEDIUM, LARGE, XL, MEGA, CEILING',
    );
    expect(await refusal({ setup: "./setup.mjs", runTimeoutMs: 1.5 })).toBe(
      'nucleo: bench.json: "runTimeoutMs": expected a positive integer',
    );
    expect(await refusal({ setup: "./setup.mjs", candidates: ["alpha", ""] })).toBe(
      'nucleo: bench.json: "candidates[1]": expected a catalog entry id',
    );
  });

  it("refuses more runs per entry than the benchmark takes, naming the file and the field, not the setup module", async () => {
    expect(await refusal({ setup: "./setup.mjs", times: 1_001 })).toBe(
      'nucleo: bench.json: "times": expected at most 1000 runs per entry',
    );
    // The limit itself is a valid config: the command goes on to look for the setup module.
    await folder.write("bench.json", { setup: "./setup.mjs", times: 1_000 });
    expect((await folder.run("bench.json")).stderr).toContain(
      'bench.json: "setup": no setup module at',
    );
  });

  it("names a missing setup field", async () => {
    expect(await refusal({ times: 2 })).toBe(
      'nucleo: bench.json: "setup": expected the path of the setup module, relative to the config file',
    );
  });

  it("names an unknown field and lists the ones it takes", async () => {
    expect(await refusal({ setup: "./setup.mjs", tims: 2 })).toBe(
      'nucleo: bench.json: "tims": unknown field (the config takes setup, grade, times, candidates, runTimeoutMs, judgeTimeoutMs, json, markdown)',
    );
  });

  it("refuses a file that is not JSON, or not an object", async () => {
    expect(await refusal("{ setup: ")).toMatch(/^nucleo: bench\.json: not valid JSON \(/);
    expect(await refusal([1, 2])).toBe(
      'nucleo: bench.json: expected a JSON object with at least a "setup" field',
    );
  });

  it("refuses a config file that is not there", async () => {
    const run = await folder.run("configs/missing.json");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `configs/missing.json: no such file (looked for ${folder.path("configs/missing.json")})`,
    );
  });
});

describe("nucleo benchmark setup module", () => {
  // Modules are cached by path for the whole test file: each module gets a name of its own.
  let modules = 0;
  const refusal = async (module: string | undefined, name = `setup-${++modules}.mjs`) => {
    if (module !== undefined) await folder.write(`setups/${name}`, module);
    await folder.write("bench.json", { setup: `./setups/${name}` });
    const run = await folder.run("bench.json");
    expect(run.code).toBe(2);
    return run.stderr.trim().replaceAll(`setups/${name}`, "setups/setup.mjs");
  };

  it("names the config's setup field and the path when there is no module there", async () => {
    expect(await refusal(undefined, "setup.mjs")).toBe(
      `nucleo: bench.json: "setup": no setup module at ${folder.path("setups/setup.mjs")}`,
    );
  });

  it("names the module when it has no default export", async () => {
    expect(await refusal("export const setup = () => ({});\n")).toBe(
      "nucleo: setups/setup.mjs: expected a default export: a function that returns { dispatcher, environment, factory, input }, found none",
    );
  });

  it("names the module and what is missing from what it returned", async () => {
    expect(
      await refusal(
        `export default async () => ({ environment: ${FAKE_ENVIRONMENT}, factory: () => ({}), input: {} });\n`,
      ),
    ).toBe(
      'nucleo: setups/setup.mjs: "dispatcher": expected a JobDispatcher (an object with submit())',
    );
    expect(
      await refusal(
        "export default () => ({ dispatcher: { submit() {} }, environment: {}, factory: () => ({}), input: {} });\n",
      ),
    ).toContain('"environment": expected an LlmEnvironment');
    expect(
      await refusal(
        `export default () => ({ dispatcher: { submit() {} }, environment: ${FAKE_ENVIRONMENT}, factory: () => ({}) });\n`,
      ),
    ).toBe('nucleo: setups/setup.mjs: "input": expected the job\'s input');
    expect(await refusal(fakeSetup(", scorrer: {}"))).toContain(
      'setups/setup.mjs: "scorrer": unknown field (the setup takes dispatcher, environment, factory, input, scorer, close)',
    );
    expect(await refusal("export default () => 42;\n")).toBe(
      "nucleo: setups/setup.mjs: the default export returned number, expected { dispatcher, environment, factory, input }",
    );
  });

  it("names the module when it fails to load or its default export throws, without a stack trace", async () => {
    expect(
      await refusal("export default () => { throw new Error('OPENAI_API_KEY is not set'); };\n"),
    ).toBe("nucleo: setups/setup.mjs: the default export threw (OPENAI_API_KEY is not set)");
    const broken = await refusal("import './missing-helper.mjs';\nexport default () => ({});\n");
    expect(broken).toMatch(
      /^nucleo: setups\/setup\.mjs: the module failed to load \(.*missing-helper/,
    );
    expect(broken).not.toContain("\n");
  });

  it("writes an error's text as plain text on one line: no escape sequence, hyperlink, \\r overwrite or bidi override", async () => {
    const error = await refusal(
      `export default () => { throw new Error(${JSON.stringify(HOSTILE_TEXT)}); };\n`,
    );
    expect(error).toBe(`nucleo: setups/setup.mjs: the default export threw (${HOSTILE_WORDS})`);
    expect(error).not.toMatch(CONTROL_CHARACTER);
    // An error's message without a line break of its own, but with a bidi override and an escape.
    const named = await refusal(
      `export default () => { throw new Error("OPENAI_API_KEY \\u202Eis not set\\x1b[2J"); };\n`,
    );
    expect(named).toBe(
      "nucleo: setups/setup.mjs: the default export threw (OPENAI_API_KEY is not set)",
    );
    // Not only a thrown error's text: a path or a flag on the command line is shown the same way.
    const missing = await folder.run("missing\x1b]8;;https://evil.example\x07.json\u202E");
    expect(missing.stderr).toMatch(
      /^nucleo: missing\.json: no such file \(looked for .*missing\.json\)\n$/,
    );
    const flag = await folder.run("bench.json", "--x\x1b[2J\r");
    expect(flag.stderr).not.toMatch(CONTROL_CHARACTER);
    expect(flag.stderr).toContain("nucleo: unknown option '--x '");
  });

  it("refuses an unknown candidate before anything runs, and still calls the setup's close()", async () => {
    const counter = `__closed_${Date.now()}`;
    await folder.write(
      "setups/setup.mjs",
      fakeSetup(`, close: () => { globalThis.${counter} = (globalThis.${counter} ?? 0) + 1; }`),
    );
    await folder.write("bench.json", { setup: "./setups/setup.mjs", candidates: ["nope"] });
    const run = await folder.run("bench.json");
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('nucleo: bench.json: "candidates[0]": no catalog entry "nope"');
    expect((globalThis as Record<string, unknown>)[counter]).toBe(1);
  });
});
