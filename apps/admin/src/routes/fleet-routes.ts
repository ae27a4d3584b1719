import { z } from "zod";
import type { FleetView, QueuedWorkflow } from "../api/contract.js";
import type { AdminApi, RouteDeps } from "../http/admin-env.js";
import { ApiFailure } from "../http/api-failure.js";
import { parseInput } from "../http/parse-input.js";
import { requireOperator } from "../http/require-operator.js";
import type { ConsoleFleet } from "../services/admin-services.js";
import { idParameter } from "./parameters.js";

const submitBody = z.strictObject({
  workflow: z.string().min(1).max(200),
  input: z.unknown(),
  tenant: z.string().min(1).max(200).optional(),
  key: z.string().min(1).max(500).optional(),
});

const time = (date: Date | undefined) => (date === undefined ? null : date.getTime());

/** The fleet page's reads, and the operator's actions: submit, cancel, retry a dead letter. */
export function fleetRoutes(api: AdminApi, { services }: RouteDeps): void {
  const fleetOf = (): ConsoleFleet => {
    if (services.fleet === undefined) {
      throw new ApiFailure(503, "unavailable", "This console runs without a queue of workflows.");
    }
    return services.fleet;
  };

  api.get("/fleet", async (c) => {
    const { fleet } = services;
    if (fleet === undefined) {
      const empty: FleetView = {
        counts: null,
        workers: [],
        recent: [],
        deadLetters: [],
        schedules: [],
        workflows: services.workflows,
      };
      return c.json(empty);
    }
    const [counts, workers, recent, deadLetters, schedules] = await Promise.all([
      fleet.counts(),
      fleet.workers(),
      fleet.list({ limit: 50 }),
      fleet.deadLetters({ limit: 100 }),
      fleet.schedules(),
    ]);
    const view: FleetView = {
      counts,
      workers: workers.map((worker) => ({
        id: worker.id,
        host: worker.host,
        pid: worker.pid,
        concurrency: worker.concurrency,
        startedAt: worker.startedAt.getTime(),
        lastHeartbeatAt: worker.lastHeartbeatAt.getTime(),
      })),
      recent: recent.map(
        (status): QueuedWorkflow => ({
          id: status.id,
          workflow: status.workflow,
          tenant: status.tenant ?? null,
          state: status.state,
          attempts: status.attempts,
          createdAt: status.createdAt.getTime(),
          startedAt: time(status.startedAt),
          endedAt: time(status.endedAt),
        }),
      ),
      deadLetters: deadLetters.map((letter) => ({
        id: letter.id,
        workflow: letter.workflow,
        tenant: letter.tenant ?? null,
        error: { code: letter.error.code ?? letter.error.name, message: letter.error.message },
        attempts: letter.attempts,
        deadLetteredAt: letter.deadLetteredAt.getTime(),
      })),
      schedules: schedules.map((schedule) => ({
        workflow: schedule.workflow,
        key: schedule.key,
        cron: schedule.cron,
        timezone: schedule.timezone,
        tenant: schedule.tenant ?? null,
      })),
      workflows: services.workflows,
    };
    return c.json(view);
  });

  api.post("/fleet/submit", requireOperator, async (c) => {
    const body = parseInput(submitBody, await c.req.json().catch(() => undefined), "body");
    if (!services.workflows.some((workflow) => workflow.name === body.workflow)) {
      throw new ApiFailure(
        400,
        "invalid_input",
        `No workflow named ${JSON.stringify(body.workflow)} can be submitted here.`,
        { field: "workflow" },
      );
    }
    const submitted = await fleetOf().submit(body.workflow, body.input ?? null, {
      ...(body.tenant === undefined ? {} : { tenant: body.tenant }),
      ...(body.key === undefined ? {} : { idempotencyKey: body.key }),
    });
    return c.json({ id: submitted.id });
  });

  api.post("/fleet/workflows/:id/cancel", requireOperator, async (c) => {
    const id = idParameter("id", c.req.param("id"));
    return c.json({ done: await fleetOf().cancel(id) });
  });

  api.post("/fleet/dead-letters/:id/retry", requireOperator, async (c) => {
    const id = idParameter("id", c.req.param("id"));
    return c.json({ done: await fleetOf().retryDeadLetter(id) });
  });
}
