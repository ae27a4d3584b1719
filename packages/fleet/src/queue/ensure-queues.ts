import type { PgBoss } from "pg-boss";
import type { FleetSettings } from "./fleet-settings.js";

/**
 * Creates the dead-letter queue and the workflow queue when missing, and otherwise brings
 * their options up to date: `createQueue` keeps an existing queue's old options without a word,
 * so every option that may change goes through `updateQueue` too. The dead-letter queue comes
 * first: the workflow queue names it.
 */
export async function ensureQueues(boss: PgBoss, settings: FleetSettings): Promise<void> {
  const deadLetter = { retentionSeconds: settings.deadLetterRetentionSeconds };
  await boss.createQueue(settings.deadLetterQueue, deadLetter);
  await boss.updateQueue(settings.deadLetterQueue, deadLetter);
  const workflows = {
    heartbeatSeconds: settings.heartbeatSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    expireInSeconds: settings.expireInSeconds,
    deleteAfterSeconds: settings.deleteAfterSeconds,
    deadLetter: settings.deadLetterQueue,
    notify: true,
  };
  await boss.createQueue(settings.queue, workflows);
  await boss.updateQueue(settings.queue, workflows);
}
