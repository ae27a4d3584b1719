/**
 * The recorder's root id of one attempt at a queued workflow: the workflow's own id for the
 * first attempt (so `nucleo trajectory <workflow id>` shows a run that never crashed), then
 * `<id>~<attempt>`. Each attempt is a workflow of its own in the recorder; a later one replays
 * what the earlier ones finished (see `docs/decisions/0042-replay-by-position.md`).
 */
export function attemptRootId(workflowId: string, attempt: number): string {
  return attempt <= 1 ? workflowId : `${workflowId}~${attempt}`;
}

/** The root ids of the attempts before `attempt`, oldest first. */
export function earlierRootIds(workflowId: string, attempt: number): string[] {
  const roots: string[] = [];
  for (let earlier = 1; earlier < attempt; earlier++)
    roots.push(attemptRootId(workflowId, earlier));
  return roots;
}
