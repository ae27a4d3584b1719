import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbstractDoer } from "../jobs/abstract-doer.js";
import { markJobRole } from "../jobs/job-role.js";
import type { JobContext } from "../jobs/job-context.js";
import { EventLog } from "../testing/event-log.js";
import { CorrectionSignal } from "../errors/retry-signals.js";
import { ScriptedDoer, ScriptedTool, WordCount } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

class Agentish extends AbstractDoer<unknown, unknown> {
  readonly name = "agentish";
  readonly input = z.unknown();
  readonly output = z.unknown();
  execute() {
    return "done";
  }
}
markJobRole(Agentish.prototype, "agent");

describe("what was said reaches observers that want it, and only them", () => {
  it("an observer that wants content gets each job's input on its first start and its output at its finish", async () => {
    const log = new EventLog({ wantsContent: true });
    const dispatcher = new JobDispatcher({ observers: [log] });
    const words = await dispatcher.submit(new WordCount(), { text: "one two three" });
    expect(words).toEqual({ words: 3 });
    expect(log.ofType("job.started")[0]?.input).toEqual({ text: "one two three" });
    expect(log.ofType("job.finished")[0]?.output).toEqual({ words: 3 });
  });

  it("a retried job carries its input on the first attempt only", async () => {
    const log = new EventLog({ wantsContent: true });
    const dispatcher = new JobDispatcher({ observers: [log] });
    const tool = new ScriptedTool((_resources, _context, run) => {
      if (run === 1) throw new CorrectionSignal({ reason: "try again" });
      return "second time";
    });
    await dispatcher.submit(tool, { question: "q" });
    const started = log.ofType("job.started");
    expect(started.map((event) => event.attempt)).toEqual([1, 2]);
    expect(started[0]?.input).toEqual({ question: "q" });
    expect("input" in started[1]!).toBe(false);
  });

  it("while no observer wants content, events carry no input, output or call content", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    let wanted: boolean | undefined;
    await dispatcher.submit(
      new ScriptedDoer((context: JobContext) => {
        wanted = context.wantsContent;
        return context.submitInStep(new WordCount(), { text: "a b" });
      }),
      null,
    );
    expect(wanted).toBe(false);
    for (const event of log.events) {
      expect(event).not.toHaveProperty("input");
      expect(event).not.toHaveProperty("output");
    }
  });

  it("one observer that wants content is enough: the job is told, every observer hears it", async () => {
    const plain = new EventLog();
    const reader = new EventLog({ wantsContent: true });
    const dispatcher = new JobDispatcher({ observers: [plain, reader] });
    let wanted: boolean | undefined;
    await dispatcher.submit(
      new ScriptedDoer((context: JobContext) => {
        wanted = context.wantsContent;
        return "out";
      }),
      "in",
    );
    expect(wanted).toBe(true);
    expect(plain.ofType("job.finished")[0]?.output).toBe("out");
  });

  it("a subtree observer that wants content turns content on for the run, and off when it ends", async () => {
    const dispatcher = new JobDispatcher({ observers: [new EventLog()] });
    const seen: boolean[] = [];
    await dispatcher.submit(
      new ScriptedDoer(async (context: JobContext) => {
        seen.push(context.wantsContent === true);
        const stop = context.observe(new EventLog({ wantsContent: true }));
        seen.push(context.wantsContent === true);
        stop();
        seen.push(context.wantsContent === true);
      }),
      null,
    );
    expect(seen).toEqual([false, true, false]);
  });

  it("an observer's wantsContent is read once, when it is added, not again as others come and go", async () => {
    let reads = 0;
    const reader = {
      get wantsContent(): boolean {
        reads += 1;
        return reads === 1;
      },
      onEvent() {},
    };
    const dispatcher = new JobDispatcher({ observers: [reader] });
    const seen: boolean[] = [];
    await dispatcher.submit(
      new ScriptedDoer(async (context: JobContext) => {
        const stop = context.observe(new EventLog());
        stop();
        seen.push(context.wantsContent === true);
      }),
      null,
    );
    expect(reads).toBe(1);
    expect(seen).toEqual([true]);
  });

  it("an observer whose wantsContent getter throws gets no content and the run goes on", async () => {
    const hostile = {
      events: 0,
      get wantsContent(): boolean {
        throw new Error("hostile");
      },
      onEvent() {
        this.events += 1;
      },
    };
    const dispatcher = new JobDispatcher({ observers: [hostile] });
    await expect(dispatcher.submit(new WordCount(), { text: "x" })).resolves.toEqual({ words: 1 });
    expect(hostile.events).toBeGreaterThan(0);
  });
});

describe("job roles", () => {
  it("a job marked with a role is submitted with it; plain work has none", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    await dispatcher.submit(new Agentish(), null);
    await dispatcher.submit(new WordCount(), { text: "x" });
    const [agent, plain] = log.ofType("job.submitted");
    expect(agent?.role).toBe("agent");
    expect(plain).not.toHaveProperty("role");
  });
});
