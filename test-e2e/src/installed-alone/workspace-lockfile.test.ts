import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { WorkspaceLockfile } from "./workspace-lockfile.js";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

const lockfile = [
  "lockfileVersion: '9.0'",
  "",
  "settings:",
  "  autoInstallPeers: true",
  "",
  "importers:",
  "",
  "  .:",
  "    devDependencies:",
  "      typescript:",
  "        specifier: ~5.9.3",
  "        version: 5.9.3",
  "",
  "  packages/core:",
  "    dependencies:",
  "      zod:",
  "        specifier: ^4.6.7",
  "        version: 4.6.7",
  "",
  "  packages/tools:",
  "    dependencies:",
  "      '@nucleo/core':",
  "        specifier: workspace:*",
  "        version: link:../core",
  "      zod:",
  "        specifier: ^4.1.0",
  "        version: 4.1.0",
  "      tsup:",
  "        specifier: ^9.0.0",
  "        version: 9.0.0(postcss@8.5.33)(typescript@5.9.3)",
  "      entities:",
  "        specifier: ^7.0.0",
  "        version: 7.0.1",
  "",
  "packages:",
  "",
  "  '@scope/lib@2.0.0-beta.2':",
  "    resolution: {integrity: sha512-x}",
  "    peerDependencies:",
  "      zod: ^3.25.0 || ^4.0.0",
  "",
  "  content-type@1.0.5:",
  "    resolution: {integrity: sha512-x}",
  "",
  "  content-type@2.1.0:",
  "    resolution: {integrity: sha512-x}",
  "",
  "  entities@4.5.0:",
  "    resolution: {integrity: sha512-x}",
  "",
  "  entities@7.0.1:",
  "    resolution: {integrity: sha512-x}",
  "",
  "  parser@1.0.0:",
  "    resolution: {integrity: sha512-x}",
  "",
  "  typescript@5.9.3:",
  "    resolution: {integrity: sha512-x}",
  "    hasBin: true",
  "",
  "snapshots:",
  "",
  "  '@scope/lib@2.0.0-beta.2(zod@4.6.7)':",
  "    dependencies:",
  "      content-type: 1.0.5",
  "      entities: 4.5.0",
  "    transitivePeerDependencies:",
  "      - supports-color",
  "",
  "  content-type@1.0.5: {}",
  "",
  "  content-type@2.1.0: {}",
  "",
  "  entities@4.5.0: {}",
  "",
  "  entities@7.0.1: {}",
  "",
  "  parser@1.0.0:",
  "    dependencies:",
  "      entities: 7.0.1",
  "    optional: true",
  "",
].join("\n");

describe("the workspace's lockfile, read for the versions it resolved", () => {
  const locked = WorkspaceLockfile.parse(lockfile, "pnpm-lock.yaml");

  it("gives the version a package's own importer resolved, else another importer's, else the only one it holds", () => {
    expect(locked.versionOf("zod", "packages/tools")).toBe("4.1.0");
    expect(locked.versionOf("zod", "packages/core")).toBe("4.6.7");
    expect(locked.versionOf("zod", "packages/catalog")).toBe("4.6.7");
    expect(locked.versionOf("typescript", "packages/core")).toBe("5.9.3");
    expect(locked.versionOf("tsup")).toBe("9.0.0");
    expect(locked.versionOf("@scope/lib")).toBe("2.0.0-beta.2");
    expect(locked.versionOf("entities", "packages/core")).toBe("7.0.1");
  });

  it("gives none for a package it does not hold, one held in several versions that no importer lists, or a workspace link", () => {
    expect(locked.versionOf("left-pad")).toBeUndefined();
    expect(locked.versionOf("content-type")).toBeUndefined();
    expect(locked.versionOf("@nucleo/core", "packages/tools")).toBeUndefined();
  });

  it("pins every package in the tree by overrides: by name where it holds one version, by parent where several", () => {
    expect(locked.overrides(new Map([["packages/tools", "@nucleo/tools"]]))).toEqual({
      "@scope/lib": "2.0.0-beta.2",
      parser: "1.0.0",
      typescript: "5.9.3",
      "@nucleo/tools>entities": "7.0.1",
      "@scope/lib@2.0.0-beta.2>content-type": "1.0.5",
      "@scope/lib@2.0.0-beta.2>entities": "4.5.0",
      "parser@1.0.0>entities": "7.0.1",
    });
  });

  it("refuses a lockfile of another format, naming the file", () => {
    expect(() => WorkspaceLockfile.parse("lockfileVersion: '6.0'\n", "pnpm-lock.yaml")).toThrow(
      "pnpm-lock.yaml: lockfileVersion 6.0 is not 9.x",
    );
  });

  it("reads the workspace's own lockfile: core's zod is the zod the workspace installed for it", async () => {
    const real = await WorkspaceLockfile.read(repoRoot);
    const installed = JSON.parse(
      await readFile(
        join(repoRoot, "packages", "core", "node_modules", "zod", "package.json"),
        "utf8",
      ),
    ) as { version: string };
    expect(real.versionOf("zod", "packages/core")).toBe(installed.version);
    expect(Object.keys(real.overrides()).length).toBeGreaterThan(0);
  });
});
