import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkerCatalog } from "../compose/load-worker-catalog.js";
import { packageFile } from "../package-files.js";
import { WorkerError } from "../worker-error.js";
import { loadWorkerConfig } from "./load-worker-config.js";

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-worker-config-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function configFile(name: string, content: unknown): Promise<string> {
  const file = join(folder, name);
  await writeFile(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<WorkerError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(WorkerError.isInstance(error), String(error)).toBe(true);
  return error as WorkerError;
}

describe("the worker's config file", () => {
  it("the README's example config loads as written", async () => {
    const readme = await readFile(packageFile("README.md"), "utf8");
    const example = /## The config file[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    await copyFile(packageFile("config/catalog.yaml"), join(folder, "catalog.yaml"));
    const config = await loadWorkerConfig(await configFile("readme-example.json", example!));
    expect(config.admission).toEqual({ shared: true });
    expect(config.workflows).toContain("support_chat");
  });

  it("the bundled config loads, with its catalog beside it and defaults filled in", async () => {
    const config = await loadWorkerConfig(packageFile("config/worker.json"));
    expect(config.catalogFile).toBe(packageFile("config/catalog.yaml"));
    expect(config.workflows).toEqual([
      "budget_check",
      "benchmark_classify_ticket",
      "digest_document",
      "support_chat",
    ]);
    expect(config.shutdown.graceMs).toBe(30_000);
    const catalog = await loadWorkerCatalog(config);
    expect(new Set(catalog.entries().map((entry) => entry.grade))).toEqual(
      new Set(["SMALL", "LARGE", "XL"]),
    );
  });

  it("a config with only the required fields gets the defaults", async () => {
    const config = await loadWorkerConfig(
      await configFile("minimal.json", { catalog: "c.yaml", workflows: ["budget_check"] }),
    );
    expect(config).toMatchObject({
      recorder: { pgliteDir: ".nucleo/pglite" },
      shutdown: { graceMs: 30_000 },
      mockProvider: { latencyMs: 0 },
      catalogFile: join(folder, "c.yaml"),
    });
  });

  it("an unknown workflow is refused naming the file and the field", async () => {
    const file = await configFile("unknown-workflow.json", {
      catalog: "c.yaml",
      workflows: ["budget_check", "summarise_everything"],
    });
    const error = await refusal(loadWorkerConfig(file));
    expect(error).toMatchObject({ code: "config_invalid", file, field: "workflows[1]" });
    expect(error.message).toMatch(
      new RegExp(
        `^Config ${file}, field workflows\\[1\\]: expected one of "budget_check"\\|`.replace(
          "\\|",
          ".*",
        ),
      ),
    );
  });

  it("an unknown key is refused by name (a typo in the operator's own file)", async () => {
    const file = await configFile("typo.json", {
      catalog: "c.yaml",
      workflows: ["budget_check"],
      shutdown: { graceMS: 10 },
    });
    const error = await refusal(loadWorkerConfig(file));
    expect(error.field).toBe("shutdown");
    expect(error.message).toContain('found "graceMS"');
  });

  it("a wrong type is refused naming the nested field", async () => {
    const error = await refusal(
      loadWorkerConfig(
        await configFile("type.json", {
          catalog: "c.yaml",
          workflows: ["budget_check"],
          mockProvider: { latencyMs: -5 },
        }),
      ),
    );
    expect(error.message).toMatch(/field mockProvider\.latencyMs: expected/);
  });

  it("a file that is not JSON, or is missing, is refused naming the file", async () => {
    const broken = await configFile("broken.json", "{ catalog: ");
    expect((await refusal(loadWorkerConfig(broken))).message).toMatch(
      new RegExp(`^Config ${broken}: expected valid JSON`),
    );
    const missing = join(folder, "missing.json");
    expect((await refusal(loadWorkerConfig(missing))).message).toBe(
      `Config ${missing}: expected a readable file (ENOENT).`,
    );
  });

  it("a YAML config (.yaml or .yml) loads as its JSON twin does", async () => {
    const json = await loadWorkerConfig(packageFile("config/worker.json"));
    const yaml = [
      "# The same config as config/worker.json.",
      `catalog: ${packageFile("config/catalog.yaml")}`,
      "workflows: [budget_check, benchmark_classify_ticket, digest_document, support_chat]",
      "recorder:",
      "  pgliteDir: .nucleo/pglite",
      "shutdown: { graceMs: 30000 }",
      "mockProvider:",
      "  latencyMs: 0",
    ].join("\n");
    for (const name of ["twin.yaml", "twin.yml"]) {
      const file = await configFile(name, yaml);
      expect(await loadWorkerConfig(file)).toEqual({
        ...json,
        catalog: packageFile("config/catalog.yaml"),
        file,
      });
    }
  });

  it("a field a YAML config gets wrong is refused naming the file, the line and the field", async () => {
    const file = await configFile(
      "unknown-workflow.yaml",
      ["catalog: c.yaml", "workflows:", "  - budget_check", "  - summarise_everything", ""].join(
        "\n",
      ),
    );
    const error = await refusal(loadWorkerConfig(file));
    expect(error).toMatchObject({ code: "config_invalid", file, field: "workflows[1]" });
    expect(error.message).toMatch(
      new RegExp(`^Config ${file}, line 4, field workflows\\[1\\]: expected one of "budget_check"`),
    );
    const typo = await configFile(
      "typo.yml",
      [
        "catalog: c.yaml",
        "workflows: [budget_check]",
        "shutdown:",
        "  graceMs: 10",
        "  graceMS: 10",
      ].join("\n"),
    );
    expect((await refusal(loadWorkerConfig(typo))).message).toMatch(
      new RegExp(`^Config ${typo}, line 5, field shutdown: .*found "graceMS"`),
    );
  });

  it("YAML that does not parse is refused naming the file and the line", async () => {
    const file = await configFile(
      "broken.yaml",
      ["catalog: c.yaml", "workflows: [budget_check", "shutdown: { graceMs: 10 }"].join("\n"),
    );
    const error = await refusal(loadWorkerConfig(file));
    expect(error).toMatchObject({ code: "config_invalid", file, field: undefined });
    expect(error.message).toMatch(
      new RegExp(`^Config ${file}: expected valid YAML at line \\d+ \\(`),
    );
    const duplicate = await configFile(
      "duplicate.yaml",
      ["catalog: c.yaml", "workflows: [budget_check]", "catalog: other.yaml"].join("\n"),
    );
    expect((await refusal(loadWorkerConfig(duplicate))).message).toMatch(
      /expected valid YAML at line 3 \(.*[Uu]nique/,
    );
  });

  it("a config file that is neither .json, .yaml nor .yml is refused by its name", async () => {
    const file = await configFile("worker.toml", {
      catalog: "c.yaml",
      workflows: ["budget_check"],
    });
    expect((await refusal(loadWorkerConfig(file))).message).toBe(
      `Config ${file}: expected a .json, .yaml or .yml file.`,
    );
  });

  it("the log level is one of the worker's levels", async () => {
    const file = await configFile(
      "log.yaml",
      "catalog: c.yaml\nworkflows: [budget_check]\nlog: { level: debug }\n",
    );
    expect((await loadWorkerConfig(file)).log).toEqual({ level: "debug" });
    const wrong = await configFile(
      "log-wrong.yaml",
      "catalog: c.yaml\nworkflows: [budget_check]\nlog:\n  level: verbose\n",
    );
    expect((await refusal(loadWorkerConfig(wrong))).message).toMatch(
      new RegExp(`^Config ${wrong}, line 4, field log\\.level: expected one of "fatal"`),
    );
  });

  it("a bad catalog stops the worker naming the catalog file, the entry and the field", async () => {
    await writeFile(
      join(folder, "bad-catalog.yaml"),
      [
        "entries:",
        "  - id: cheap",
        "    provider: openai",
        "    model: cheap-1",
        "    grade: SMALL",
        "    contextWindow: 1000",
        "    outputCeiling: 100",
        "    prices: { currency: USD, effectiveFrom: 2026-01-01, source: test, input: '-1', output: '1' }",
        "    limits: { tokensPerMinute: 1000 }",
      ].join("\n"),
    );
    const config = await loadWorkerConfig(
      await configFile("with-bad-catalog.json", {
        catalog: "bad-catalog.yaml",
        workflows: ["budget_check"],
      }),
    );
    const error = await refusal(loadWorkerCatalog(config));
    expect(error).toMatchObject({
      code: "config_invalid",
      file: join(folder, "bad-catalog.yaml"),
      field: "prices.input",
    });
    expect(error.message).toMatch(
      /^Catalog .*bad-catalog\.yaml, entry "cheap" \(entries\[0\]\), field prices\.input: expected .*\(It is the catalog that .*with-bad-catalog\.json names in its field catalog\.\)$/,
    );
  });
});
