import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorkerError } from "../worker-error.js";
import { loadWorkerConfig } from "./load-worker-config.js";

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-worker-content-config-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function load(name: string, extra: Record<string, unknown>) {
  const file = join(folder, name);
  await writeFile(
    file,
    JSON.stringify({ catalog: "c.yaml", workflows: ["budget_check"], ...extra }),
  );
  return { file, loaded: loadWorkerConfig(file) };
}

async function refusal(promise: Promise<unknown>): Promise<WorkerError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(WorkerError.isInstance(error), String(error)).toBe(true);
  return error as WorkerError;
}

describe("the config's content policy and telemetry", () => {
  it("by default the recorder keeps what was said and telemetry is off, metadata-only when on", async () => {
    const config = await (await load("defaults.json", {})).loaded;
    expect(config.recorder.content).toEqual({ mode: "full" });
    expect(config.telemetry).toEqual({ serviceName: "nucleo-worker", content: "metadata" });
  });

  it("a redaction pattern that is not a regular expression is refused naming its place", async () => {
    const { file, loaded } = await load("bad-pattern.json", {
      recorder: { content: { mode: "full", redactPatterns: ["ok", "(unclosed"] } },
    });
    const error = await refusal(loaded);
    expect(error).toMatchObject({ file, field: "recorder.content.redactPatterns[1]" });
    expect(error.message).toContain("expected a JavaScript regular expression");
  });

  it("an unknown content mode is refused naming the field", async () => {
    const error = await refusal(
      (await load("bad-mode.json", { recorder: { content: { mode: "some" } } })).loaded,
    );
    expect(error.field).toBe("recorder.content.mode");
  });

  it("an OTLP endpoint that is not an http(s) URL is refused naming the field", async () => {
    const error = await refusal(
      (await load("bad-endpoint.json", { telemetry: { otlpEndpoint: "localhost:4318" } })).loaded,
    );
    expect(error.field).toBe("telemetry.otlpEndpoint");
    expect(error.message).toMatch(/field telemetry\.otlpEndpoint: expected a valid url/);
  });
});
