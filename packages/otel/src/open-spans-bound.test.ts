import { describe, expect, it } from "vitest";
import { GenAiTraceObserver } from "./gen-ai-trace-observer.js";
import { DEFAULT_MAX_OPEN_JOBS } from "./observer-options.js";
import { msOf } from "./test-support/span-view.js";
import { finished, observed, submitted } from "./test-support/synthetic-events.js";
import { tracedRun } from "./test-support/traced-run.js";

describe("GenAiTraceObserver: memory holds open spans only, and a bounded number of them", () => {
  it("a finished run leaves nothing behind: every span ended, no job still followed", async () => {
    const { observer, spans } = await tracedRun();
    expect(spans).toHaveLength(13);
    expect(observer.openJobs).toBe(0);
  });

  it("jobs whose events stop never hold more than maxOpenJobs: past it the oldest idle one is ended where its last event left it, marked incomplete", () => {
    const { observer, exporter } = observed({ maxOpenJobs: 100 });
    for (let index = 0; index < 5_000; index++)
      observer.onEvent(submitted(`stuck-${index}`, 1_000 + index));
    expect(observer.openJobs).toBe(100);
    const ended = exporter.getFinishedSpans();
    expect(ended).toHaveLength(4_900);
    expect(ended.every((span) => span.attributes["nucleo.incomplete"] === true)).toBe(true);
    expect(ended.slice(0, 3).map((span) => msOf(span.endTime))).toEqual([1_000, 1_001, 1_002]);
  });

  it("a job whose children keep coming is kept over idle ones submitted after it", () => {
    const { observer, exporter } = observed({ maxOpenJobs: 3 });
    observer.onEvent(submitted("busy", 0));
    observer.onEvent(submitted("idle-1", 1));
    observer.onEvent(submitted("child", 2, "busy"));
    observer.onEvent(finished("child", 3, "busy"));
    observer.onEvent(submitted("idle-2", 4));
    observer.onEvent(submitted("idle-3", 5));
    expect(exporter.getFinishedSpans().map((span) => span.attributes["nucleo.job.id"])).toEqual([
      "child",
      "idle-1",
    ]);
    observer.onEvent(finished("busy", 6));
    const busy = exporter.getFinishedSpans().at(-1)!;
    expect(busy.attributes["nucleo.job.id"]).toBe("busy");
    expect(busy.attributes["nucleo.incomplete"]).toBeUndefined();
  });

  it("close() ends every span still open, marked incomplete, and forgets them", () => {
    const { observer, exporter } = observed();
    observer.onEvent(submitted("left-open", 10));
    observer.onEvent(submitted("its-child", 20, "left-open"));
    observer.close();
    expect(observer.openJobs).toBe(0);
    expect(
      exporter
        .getFinishedSpans()
        .map((span) => [span.attributes["nucleo.job.id"], span.attributes["nucleo.incomplete"]]),
    ).toEqual([
      ["left-open", true],
      ["its-child", true],
    ]);
  });

  it("maxOpenJobs is checked at construction, naming it; the default is 10,000", () => {
    expect(DEFAULT_MAX_OPEN_JOBS).toBe(10_000);
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => new GenAiTraceObserver({ maxOpenJobs: bad })).toThrow(
        "GenAiTraceObserver options.maxOpenJobs",
      );
  });
});
