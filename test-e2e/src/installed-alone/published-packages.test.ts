import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublishedPackages } from "./published-packages.js";

let repo = "";

/** A package folder under the fake repository's packages/. */
async function packageFolder(folder: string, manifest: Record<string, unknown>): Promise<void> {
  await mkdir(join(repo, "packages", folder), { recursive: true });
  await writeFile(
    join(repo, "packages", folder, "package.json"),
    JSON.stringify({ version: "0.1.0", ...manifest }),
  );
  await writeFile(join(repo, "packages", folder, "README.md"), `# ${String(manifest.name)}\n`);
}

describe("the list of published packages", () => {
  beforeAll(async () => {
    repo = await mkdtemp(join(tmpdir(), "nucleo-published-packages-"));
    await packageFolder("core", { name: "@nucleo/core" });
    await packageFolder("tools", { name: "@nucleo/tools" });
    await packageFolder("scratch", { name: "@nucleo/scratch", private: true });
  });
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
  });

  it("holds every package under packages/ that is not private", async () => {
    const listed = await listPublishedPackages(repo);
    expect(listed.map((pkg) => pkg.name)).toEqual(["@nucleo/core", "@nucleo/tools"]);
  });
});
