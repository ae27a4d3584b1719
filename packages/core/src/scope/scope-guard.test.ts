import { describe, expect, it } from "vitest";
import { JobDispatcher } from "../dispatch/job-dispatcher.js";
import type { JobContext } from "../jobs/job-context.js";
import { RecordingAdmission } from "../testing/recording-admission.js";
import { EventLog, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { markBindsReadOnly } from "../jobs/read-only-binding.js";
import { ScopeGuard } from "./scope-guard.js";
import { ScopeViolationError } from "./scope-violation-error.js";

const AXES = new Set(["tenant", "ticket"]);

/** A doer that declares it only reads (what the door asks of a doer under a read-only scope). */
function readingDoer(body: ConstructorParameters<typeof ScriptedDoer>[0]) {
  const doer = new ScriptedDoer(body);
  Object.defineProperty(doer, "readOnly", { value: true });
  return doer;
}

/** A read-only tool that records the scope it ran under. */
function scopeProbe(seen: ScopeGuard[]) {
  const probe = new ScriptedTool((_resources, context) => seen.push(context.scope));
  Object.defineProperty(probe, "readOnly", { value: true });
  return probe;
}

describe("ScopeGuard", () => {
  it("a child with no request shares its parent's guard", () => {
    const guard = ScopeGuard.OPEN.narrow({ axes: { tenant: "acme" } }, AXES);
    expect(guard.narrow(undefined, AXES)).toBe(guard);
    expect(guard.narrow({ axes: { tenant: "acme" } }, AXES)).toBe(guard);
  });

  it("a child may narrow: bind a new axis, or become read-only", () => {
    const parent = ScopeGuard.OPEN.narrow({ axes: { tenant: "acme" } }, AXES);
    const child = parent.narrow({ axes: { ticket: "T-1" }, readOnly: true }, AXES);
    expect(child.axes).toEqual({ tenant: "acme", ticket: "T-1" });
    expect(child.readOnly).toBe(true);
    expect(parent.axes).toEqual({ tenant: "acme" });
  });

  it("a child cannot widen by rebinding an axis", () => {
    const parent = ScopeGuard.OPEN.narrow({ axes: { ticket: "T-1" } }, AXES);
    expect(() => parent.narrow({ axes: { ticket: "T-2" } }, AXES)).toThrow(
      /bound to "T-1".*cannot rebind/,
    );
  });

  it("a child cannot widen by dropping the read-only binding", () => {
    const parent = ScopeGuard.OPEN.narrow({ readOnly: true }, AXES);
    const attempt = () => parent.narrow({ readOnly: false }, AXES);
    expect(attempt).toThrow(ScopeViolationError);
    expect(attempt).toThrow(/cannot drop the read-only binding/);
  });

  it("refuses an unknown axis, naming it and the known ones", () => {
    expect(() => ScopeGuard.OPEN.narrow({ axes: { project: "p" } }, AXES)).toThrow(
      /Unknown scope axis "project".*tenant, ticket/,
    );
  });

  it("refuses an empty or non-string axis value", () => {
    expect(() => ScopeGuard.OPEN.narrow({ axes: { ticket: "  " } }, AXES)).toThrow(
      /"ticket" needs a non-empty string/,
    );
    expect(() => ScopeGuard.OPEN.narrow({ axes: { ticket: 7 as never } }, AXES)).toThrow(
      /non-empty string/,
    );
  });

  it("refuses a malformed request", () => {
    expect(() => ScopeGuard.OPEN.narrow("ticket" as never, AXES)).toThrow(
      /Scope must be an object/,
    );
    expect(() => ScopeGuard.OPEN.narrow({ axes: ["ticket"] as never }, AXES)).toThrow(
      /axes must be an object/,
    );
    expect(() => ScopeGuard.OPEN.narrow({ readOnly: "yes" as never }, AXES)).toThrow(
      /readOnly must be true or false/,
    );
  });

  it("is sealed: its axes cannot be changed after the fact", () => {
    const guard = ScopeGuard.OPEN.narrow({ axes: { tenant: "acme" } }, AXES);
    expect(() => {
      (guard.axes as Record<string, string>).tenant = "other";
    }).toThrow(TypeError);
  });
});

describe("scope sealing by the dispatcher", () => {
  it("seals the parent's guard onto every descendant: same ticket and read-only, two levels down", async () => {
    const seen: ScopeGuard[] = [];
    const grandchildDoer = readingDoer(async (context: JobContext) =>
      context.submitInStep(scopeProbe(seen), null),
    );
    const root = readingDoer(async (context) => context.submitInStep(grandchildDoer, null));
    await new JobDispatcher().submit(root, null, {
      scope: { axes: { ticket: "T-9" }, readOnly: true },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.axes).toEqual({ ticket: "T-9" });
    expect(seen[0]!.readOnly).toBe(true);
  });

  it("refuses a child that tries to widen, without running it or holding a seat", async () => {
    const admission = new RecordingAdmission();
    const child = new ScriptedTool(
      () => "ran",
      () => [{ grade: "SMALL", inputTokens: 1, maxOutputTokens: 1 }],
    );
    const root = readingDoer(async (context) =>
      context.submitInStep(child, null, { scope: { readOnly: false } }),
    );
    const result = new JobDispatcher({ admission }).submit(root, null, {
      scope: { readOnly: true },
    });
    await expect(result).rejects.toThrow(ScopeViolationError);
    expect(child.runs).toBe(0);
    expect(admission.requests).toHaveLength(0);
  });

  it("under a read-only binding the door refuses a tool that is not read-only, without running it", async () => {
    const admission = new RecordingAdmission();
    const writer = new ScriptedTool(
      () => "wrote",
      () => [{ grade: "SMALL", inputTokens: 1, maxOutputTokens: 1 }],
    );
    const seen: ScopeGuard[] = [];
    const root = readingDoer(async (context) => {
      await context.submitInStep(scopeProbe(seen), null);
      return context.submitInStep(writer, null);
    });
    const result = new JobDispatcher({ admission }).submit(root, null, {
      scope: { readOnly: true },
    });
    await expect(result).rejects.toThrow(/"scripted_tool" is not read-only/);
    expect(seen).toHaveLength(1);
    expect(writer.runs).toBe(0);
    expect(admission.requests).toHaveLength(0);
    await expect(new JobDispatcher().submit(new ScriptedTool(() => "wrote"), null)).resolves.toBe(
      "wrote",
    );
  });

  it("under a read-only binding a doer must say it only reads (it is code that could write); a job that binds itself passes", async () => {
    const ran: string[] = [];
    const silentDoer = new ScriptedDoer(async () => ran.push("doer"));
    await expect(
      new JobDispatcher().submit(silentDoer, null, { scope: { readOnly: true } }),
    ).rejects.toThrow(/not read-only/);
    const binder = new ScriptedDoer(async (context: JobContext) => {
      ran.push("binder");
      return context.submitInStep(scopeProbe([]), null);
    });
    markBindsReadOnly(binder);
    await new JobDispatcher().submit(binder, null, { scope: { readOnly: true } });
    expect(ran).toEqual(["binder"]);
  });

  it("refuses a malformed top-level scope with a clear error and an event", async () => {
    const log = new EventLog();
    const handle = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedTool(() => null),
      null,
      { scope: { axes: { region: "eu" } } },
    );
    await expect(handle).rejects.toThrow(/Unknown scope axis "region"/);
    expect(log.ofType("job.failed")[0]!.error.code).toBe("scope_violation");
  });

  it("honours the configured scope axes", async () => {
    const seen: ScopeGuard[] = [];
    const dispatcher = new JobDispatcher({ scopeAxes: ["region"] });
    await dispatcher.submit(scopeProbe(seen), null, { scope: { axes: { region: "eu" } } });
    expect(seen[0]!.get("region")).toBe("eu");
    await expect(
      dispatcher.submit(scopeProbe(seen), null, { scope: { axes: { tenant: "acme" } } }),
    ).rejects.toThrow(/knows: region/);
  });
});
