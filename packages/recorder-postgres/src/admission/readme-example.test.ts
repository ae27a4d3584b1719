import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

// The README's shared-admission example is examples/shared-admission.ts word for word; the
// package's `tsc --noEmit` type-checks that file (tsconfig includes examples/), so the README
// cannot show an example that no longer compiles. It is not run: it needs a catalog file and
// a server.
describe("the README's shared-admission example", () => {
  it("is examples/shared-admission.ts word for word", async () => {
    const packageRoot = new URL("../../", import.meta.url);
    const readme = await readFile(new URL("README.md", packageRoot), "utf8");
    const block = /```ts\n(\/\/ examples\/shared-admission\.ts\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(block, "a ```ts block opening with // examples/shared-admission.ts").toBeDefined();
    expect(block).toBe(await readFile(new URL("examples/shared-admission.ts", packageRoot), "utf8"));
  });
});
