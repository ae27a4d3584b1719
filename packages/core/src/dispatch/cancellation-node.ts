import { RUNNING_JOB, type RunningJob } from "./running-job.js";

/**
 * One job's place in the cancellation tree. Aborting a node aborts every descendant still
 * linked to it. The `AbortSignal` is made only when someone reads it, because most jobs never
 * do and an `AbortController` per job would dominate a no-op job's cost.
 *
 * A finished node stays linked while it still has live children, so a cancel from above
 * reaches grandchildren whose parent returned without awaiting them.
 *
 * @internal
 */
export class CancellationNode {
  aborted = false;
  reason: unknown = undefined;
  #controller: AbortController | undefined;
  #children: Set<CancellationNode> | undefined;
  #hooks: Set<(reason: unknown) => void> | undefined;
  #idleHooks: Array<() => void> | undefined;
  #finished = false;

  constructor(
    private readonly parent: CancellationNode | undefined,
    private readonly owner: (RunningJob & { onCancelled(reason: unknown): void }) | undefined,
  ) {
    if (parent) {
      if (parent.aborted) {
        this.aborted = true;
        this.reason = parent.reason;
      } else {
        (parent.#children ??= new Set()).add(this);
      }
    }
  }

  /** The signal jobs and admission listen to; aborted already if the node is. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Aborts this node and all its linked descendants, once. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    if (this.#controller) {
      // The listeners a job put on its signal run in the job's own async context, whoever
      // cancels it: a `dispatcher.submit` they make stays in its workflow (and is cancelled).
      if (this.owner) RUNNING_JOB.run(this.owner, abortWith, this.#controller, reason);
      else this.#controller.abort(reason);
    }
    this.owner?.onCancelled(reason);
    if (this.#hooks) for (const hook of [...this.#hooks]) hook(reason);
    if (this.#children) for (const child of [...this.#children]) child.abort(reason);
  }

  /** Calls `hook` on abort until the returned function removes it. */
  onceAborted(hook: (reason: unknown) => void): () => void {
    (this.#hooks ??= new Set()).add(hook);
    return () => this.#hooks?.delete(hook);
  }

  /** Aborts the live children only (the node itself is done): a failed parent's orphans stop. */
  abortChildren(reason: unknown): void {
    if (this.#children) for (const child of [...this.#children]) child.abort(reason);
  }

  /** Calls `hook` once the node is finished and no live descendant needs it any more. */
  whenIdle(hook: () => void): void {
    (this.#idleHooks ??= []).push(hook);
  }

  /** Marks the job done; unlinks from the parent once no live child needs the link. */
  finish(): void {
    this.#finished = true;
    this.#unlinkIfIdle();
  }

  #unlinkIfIdle(): void {
    if (!this.#finished || (this.#children !== undefined && this.#children.size > 0)) return;
    const hooks = this.#idleHooks;
    this.#idleHooks = undefined;
    if (hooks) for (const hook of hooks) hook();
    const parent = this.parent;
    if (parent !== undefined && parent.#children !== undefined && parent.#children.delete(this)) parent.#unlinkIfIdle();
  }
}

function abortWith(controller: AbortController, reason: unknown): void {
  controller.abort(reason);
}
