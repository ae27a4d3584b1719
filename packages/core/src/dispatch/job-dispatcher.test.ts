import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { SystemError } from "../errors/system-error.js";
import { AbstractTool } from "../jobs/abstract-tool.js";
import { EventLog, ScriptedDoer, ScriptedTool, WordCount } from "../test-support/jobs.js";
import { RecordingLogger } from "../testing/recording-logger.js";
import { JobDispatcher } from "./job-dispatcher.js";

function sequentialIds(): () => string {
  let next = 1;
  return () => `job-${next++}`;
}

class Search extends AbstractTool<{ query: string; filters: { year: number } }, string[]> {
  readonly name = "search";
  readonly input = z.object({
    query: z.string().min(1),
    filters: z.object({ year: z.number().int() }),
  });
  readonly output = z.array(z.string());
  executed = false;
  execute() {
    this.executed = true;
    return [];
  }
}

describe("JobDispatcher", () => {
  it("assigns ids, parent and root ids and the job class to every job", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log], ids: sequentialIds() });
    const doer = new ScriptedDoer(async (context) => {
      const child = context.submitInStep(
        new ScriptedDoer(async (inner) => inner.submitInStep(new WordCount(), { text: "a b" })),
        null,
      );
      return child;
    });
    const handle = dispatcher.submit(doer, null);
    expect(handle.id).toBe("job-1");
    await handle;
    const submitted = log
      .ofType("job.submitted")
      .map(({ jobId, parentId, rootId, jobClass }) => ({ jobId, parentId, rootId, jobClass }));
    expect(submitted).toEqual([
      { jobId: "job-1", parentId: null, rootId: "job-1", jobClass: "ScriptedDoer" },
      { jobId: "job-2", parentId: "job-1", rootId: "job-1", jobClass: "ScriptedDoer" },
      { jobId: "job-3", parentId: "job-2", rootId: "job-1", jobClass: "WordCount" },
    ]);
  });

  it("refuses input that fails the job's schema before it runs, naming the field", async () => {
    const search = new Search();
    const result = new JobDispatcher().submit(search, {
      query: "x",
      filters: { year: "2024" },
    } as never);
    const error = await result.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).parameter).toBe("filters.year");
    expect((error as Error).message).toContain("filters.year");
    expect((error as Error).message).toContain("number");
    expect(search.executed).toBe(false);
  });

  it("a refused submission still reports submitted and failed events, with the field named", async () => {
    const log = new EventLog();
    const handle = new JobDispatcher({ observers: [log] }).submit(new Search(), {
      query: "",
    } as never);
    await expect(handle).rejects.toThrow(/query/);
    expect(log.events.map((event) => event.type)).toEqual(["job.submitted", "job.failed"]);
    expect(log.ofType("job.failed")[0]!.error.code).toBe("invalid_input");
  });

  it("refuses something that is not a job with a clear error instead of crashing", async () => {
    const dispatcher = new JobDispatcher();
    await expect(dispatcher.submit({ name: "fake" } as never, {})).rejects.toThrow(
      /must be an instance of a Nucleo job class/,
    );
    await expect(dispatcher.submit(null as never, {})).rejects.toThrow(SystemError);
  });

  it("fails a job whose output breaks its own schema, naming the field", async () => {
    class Liar extends WordCount {
      override execute() {
        return { words: "many" } as never;
      }
    }
    const error = await new JobDispatcher().submit(new Liar(), { text: "x" }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(SystemError.isInstance(error) && error.code).toBe("invalid_output");
    expect((error as Error).message).toContain('"words"');
  });

  it("turns an unknown throw into a SystemError that does not repeat the library's message", async () => {
    const secret = "sk-live-THIS-MUST-NOT-LEAK";
    const log = new EventLog();
    const tool = new ScriptedTool(() => {
      throw new TypeError(`request failed with key ${secret}`);
    });
    const error = await new JobDispatcher({ observers: [log] }).submit(tool, null).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(SystemError.isInstance(error) && error.code).toBe("internal");
    expect((error as Error).message).not.toContain(secret);
    expect(JSON.stringify(log.events)).not.toContain(secret);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("an observer that throws is reported and never fails the job or starves other observers", async () => {
    const log = new EventLog();
    const logger = new RecordingLogger();
    const dispatcher = new JobDispatcher({
      observers: [
        {
          onEvent: () => {
            throw new Error("observer bug");
          },
        },
        log,
      ],
      logger,
    });
    await expect(dispatcher.submit(new WordCount(), { text: "a" })).resolves.toEqual({ words: 1 });
    expect(log.events.length).toBeGreaterThan(0);
    expect(logger.entries.length).toBe(log.events.length);
    expect(logger.entries[0]).toMatchObject({
      level: "error",
      message: "observer Object threw",
      fields: {
        component: "dispatcher",
        event: "job.submitted",
        error: { message: "observer bug" },
      },
    });
  });

  it("observe() subscribes and unsubscribes at run time", async () => {
    const dispatcher = new JobDispatcher();
    const log = new EventLog();
    const stop = dispatcher.observe(log);
    await dispatcher.submit(new WordCount(), { text: "a" });
    const seen = log.events.length;
    stop();
    await dispatcher.submit(new WordCount(), { text: "a" });
    expect(seen).toBe(3);
    expect(log.events.length).toBe(seen);
  });

  it("passes the schema-parsed input to the job (unknown keys stripped)", async () => {
    let received: unknown;
    class Echo extends AbstractTool<{ a: number }, null> {
      readonly name = "echo";
      readonly input = z.object({ a: z.number() });
      readonly output = z.null();
      execute(input: { a: number }) {
        received = input;
        return null;
      }
    }
    await new JobDispatcher().submit(new Echo(), { a: 1, extra: true } as never);
    expect(received).toEqual({ a: 1 });
  });

  it("a job whose own input schema throws is refused with a clear error; submit() never throws", async () => {
    class Fragile extends AbstractTool<string, null> {
      readonly name = "fragile";
      readonly input = z.string().refine(() => {
        throw new Error("bug in a refinement");
      });
      readonly output = z.null();
      execute() {
        return null;
      }
    }
    let handle: Promise<unknown> | undefined;
    expect(() => {
      handle = new JobDispatcher().submit(new Fragile(), "x");
    }).not.toThrow();
    await expect(handle).rejects.toThrow(/input schema threw/);
  });
});
