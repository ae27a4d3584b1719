import { describe, expect, it } from "vitest";
import { readmeExampleBlocks, statedOutput, unprintedOutput } from "./readme-example-blocks.js";

describe("README example blocks", () => {
  it("pins only ts blocks that open with // examples/<name>.ts, in order", () => {
    const readme =
      "```ts\nconst prose = 1;\n```\n```ts\n// examples/a.ts\nconst a = 1;\n```\n```sh\n// examples/b.ts\n```\n```ts\n// examples/c.ts\n```\n";
    expect(readmeExampleBlocks(readme)).toEqual([
      { file: "examples/a.ts", code: "// examples/a.ts\nconst a = 1;\n" },
      { file: "examples/c.ts", code: "// examples/c.ts\n" },
    ]);
  });

  it("reads what an example states it prints from its console.log comments only", () => {
    expect(
      statedOutput(
        "console.log(total); // 3\n// console.log(x); not code\nlog(y); // not stated\nconsole.log([1, 2]); // [ 1, 2 ]\n",
      ),
    ).toEqual(["3", "[ 1, 2 ]"]);
  });

  it("reads the stated line of a call the formatter broke over several lines", () => {
    expect(
      statedOutput(
        'console.log("no comment");\nconsole.log(\n  first,\n  second.map((x) => x),\n); // 1 [ 2 ]\n',
      ),
    ).toEqual(["1 [ 2 ]"]);
  });

  it("matches a stated line to one whole printed call, whitespace aside", () => {
    expect(
      unprintedOutput(["{ words: 3 }", "[ 'a', 'b' ]"], ["{\n  words: 3\n}", "[ 'a', 'b' ]"]),
    ).toEqual([]);
    // A stated line that is only part of a printed call was not printed.
    expect(unprintedOutput(["true"], ["true true"])).toEqual(["true"]);
  });
});
