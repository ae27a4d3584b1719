import { RecorderQueries } from "@nucleo/recorder-postgres";
import { loadCatalog } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { loadWorkerConfig } from "../../config/load-worker-config.js";
import { packageFile } from "../../package-files.js";
import { registerWorkflows } from "../../workflows/built-in-workflows.js";
import { nucleo } from "../test-support/run-in-process.js";
import { adminServicesOf } from "./admin-services-of.js";

describe("nucleo admin", () => {
  it.each([
    ["--port", "http"],
    ["--port", "70000"],
    ["--public-origin", "admin.example.com"],
    ["--public-origin", "https://admin.example.com/console"],
  ])("refuses %s %s naming the option, before opening anything", async (option, value) => {
    const ran = await nucleo(process.cwd(), ["admin", option, value], {
      openDatabase: () => Promise.reject(new Error("opened a database")),
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(option);
    expect(ran.stderr).not.toContain("opened a database");
  });

  it("offers every registered workflow to the submit form, with its input as JSON Schema and its example input", async () => {
    const config = await loadWorkerConfig(packageFile("config/worker.json"));
    const registry = registerWorkflows(config.workflows);
    const services = adminServicesOf({
      queries: new RecorderQueries({} as never),
      fleet: {} as never,
      catalog: await loadCatalog(config.catalogFile),
      registry,
      sharedAdmission: false,
    });
    expect(services.workflows.map((workflow) => workflow.name)).toEqual(
      registry.all().map((definition) => definition.name),
    );
    const budget = services.workflows.find((workflow) => workflow.name === "budget_check")!;
    expect(budget.inputSchema).toMatchObject({
      type: "object",
      properties: { costs: { type: "array" } },
    });
    expect(budget.exampleInput).toEqual({
      costs: [40, 70, 25, 90, 15, 60, 35, 80, 55, 30],
      budget: 450,
    });
    expect(services.catalog.length).toBeGreaterThan(0);
  });
});
