import { describe, expect, it } from "vitest";
import { finished, observed, submitted } from "./test-support/synthetic-events.js";

describe("GenAiTraceObserver: span times are the events' times", () => {
  it("a job's span runs from its submission to its end exactly, even on a clock near zero", () => {
    // The SDK would read a bare number this small as time since the process started.
    const { observer, exporter } = observed();
    observer.onEvent(submitted("early", 5));
    observer.onEvent(finished("early", 7.5));
    const [span] = exporter.getFinishedSpans();
    expect(span!.startTime).toEqual([0, 5_000_000]);
    expect(span!.endTime).toEqual([0, 7_500_000]);
  });
});
