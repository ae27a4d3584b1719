import type { RunEvent } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { createRunProgress } from "./run-progress.js";

class Screen {
  text = "";
  readonly columns = 120;
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

const event = (type: string) => ({ type }) as unknown as RunEvent;

describe("a workflow run's progress", () => {
  it("draws a bar of jobs settled out of jobs submitted, and the model calls, on a terminal", () => {
    const screen = new Screen(true);
    const progress = createRunProgress(screen, "budget_check");
    for (const type of ["job.submitted", "job.submitted", "llm.call", "job.finished"])
      progress.observer.onEvent(event(type));
    progress.stop();
    expect(screen.text).toContain("budget_check");
    expect(screen.text).toContain("1/2 jobs | 1 model call(s)");
  });

  it("draws nothing where stderr is not a terminal, or when there is no stream (--json)", () => {
    const screen = new Screen(false);
    const progress = createRunProgress(screen, "budget_check");
    progress.observer.onEvent(event("job.submitted"));
    progress.stop();
    expect(screen.text).toBe("");
    expect(() =>
      createRunProgress(undefined, "x").observer.onEvent(event("job.submitted")),
    ).not.toThrow();
  });
});
