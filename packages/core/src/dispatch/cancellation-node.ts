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
  // Live children as a list threaded through the nodes themselves, in the order they joined:
  // joining and leaving allocate nothing (a Set per parent grew and shrank its table per child).
  #firstChild: CancellationNode | undefined;
  #lastChild: CancellationNode | undefined;
  #previousSibling: CancellationNode | undefined;
  #nextSibling: CancellationNode | undefined;
  /** Whether this node is in its parent's list of live children. */
  #linked = false;
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
        parent.#link(this);
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
    this.abortChildren(reason);
  }

  /** Calls `hook` on abort until the returned function removes it. */
  onceAborted(hook: (reason: unknown) => void): () => void {
    (this.#hooks ??= new Set()).add(hook);
    return () => this.#hooks?.delete(hook);
  }

  /** Aborts the live children only (the node itself is done): a failed parent's orphans stop. */
  abortChildren(reason: unknown): void {
    if (this.#firstChild === undefined) return;
    // A snapshot first: aborting a child may unlink it, and others, from the list.
    const children: CancellationNode[] = [];
    for (
      let child: CancellationNode | undefined = this.#firstChild;
      child !== undefined;
      child = child.#nextSibling
    )
      children.push(child);
    for (const child of children) child.abort(reason);
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
    if (!this.#finished || this.#firstChild !== undefined) return;
    const hooks = this.#idleHooks;
    this.#idleHooks = undefined;
    if (hooks) for (const hook of hooks) hook();
    const parent = this.parent;
    if (parent !== undefined && this.#linked) {
      parent.#unlink(this);
      parent.#unlinkIfIdle();
    }
  }

  #link(child: CancellationNode): void {
    child.#previousSibling = this.#lastChild;
    if (this.#lastChild === undefined) this.#firstChild = child;
    else this.#lastChild.#nextSibling = child;
    this.#lastChild = child;
    child.#linked = true;
  }

  #unlink(child: CancellationNode): void {
    const previous = child.#previousSibling;
    const next = child.#nextSibling;
    if (previous === undefined) this.#firstChild = next;
    else previous.#nextSibling = next;
    if (next === undefined) this.#lastChild = previous;
    else next.#previousSibling = previous;
    child.#previousSibling = undefined;
    child.#nextSibling = undefined;
    child.#linked = false;
  }
}

function abortWith(controller: AbortController, reason: unknown): void {
  controller.abort(reason);
}
