import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { consoleHarness } from "../test-support/console-harness.js";
import { fakeServices } from "../test-support/fake-services.js";

async function pagesDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "nucleo-admin-pages-"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "index.html"), "<!doctype html><title>console</title>");
  await writeFile(join(dir, "assets", "app-1.js"), "console.log(1)");
  await writeFile(join(dir, "secret.txt"), "not a page");
  return dir;
}

describe("the pages", () => {
  it("serve built assets, and the page itself for every other path (it routes in the browser)", async () => {
    const { request } = await consoleHarness(fakeServices().services, {
      pagesDir: await pagesDir(),
    });
    const asset = await request("/assets/app-1.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(await (await request("/runs/some-id")).text()).toContain("<title>console</title>");
  });

  it.each([
    "/assets/../secret.txt",
    "/assets/%2e%2e/secret.txt",
    "/assets/..%2fsecret.txt",
    "/assets/%ff.js",
    "/assets/nope.js",
  ])("%s answers 404, never a file outside the assets or a server error", async (path) => {
    const seen: unknown[] = [];
    const { request } = await consoleHarness(fakeServices().services, {
      pagesDir: await pagesDir(),
      onServerError: (error) => seen.push(error),
    });
    const response = await request(path);
    expect(await response.text()).not.toContain("not a page");
    expect([404, 200]).toContain(response.status);
    if (response.status === 200) expect(response.headers.get("content-type")).toMatch(/html/);
    expect(seen).toEqual([]);
  });
});
