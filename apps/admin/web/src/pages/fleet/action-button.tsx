/**
 * An operator's one-click action (cancel a workflow, retry a dead letter) with its own busy
 * state, its answer ("done" or "nothing to do") and the server's refusal shown beside it.
 *
 * @packageDocumentation
 */

import { useState } from "react";
import type { DoneAnswer } from "../../../../src/api/contract.ts";
import { ApiFailure } from "../../api/client.ts";

/** Props of {@link ActionButton}. */
export interface ActionButtonProps {
  readonly label: string;
  readonly run: () => Promise<DoneAnswer>;
  /** Called after an answer, to re-read the fleet. */
  readonly onDone: () => void;
  readonly testId: string;
  /** What the button says it did when the server changed something. */
  readonly doneText: string;
  /** Whether the action applies now; an answered action keeps showing its answer regardless. */
  readonly available?: boolean;
}

/**
 * A button that posts an action once and reports what came of it.
 *
 * @example <ActionButton label="Cancel" run={() => api.cancelWorkflow(id)} ... />
 */
export function ActionButton({
  label,
  run,
  onDone,
  testId,
  doneText,
  available = true,
}: ActionButtonProps) {
  const [state, setState] = useState<
    | { readonly kind: "idle" }
    | { readonly kind: "busy" }
    | { readonly kind: "answered"; readonly done: boolean }
    | { readonly kind: "failed"; readonly message: string }
  >({ kind: "idle" });
  const handleClick = (): void => {
    setState({ kind: "busy" });
    run().then(
      (answer) => {
        setState({ kind: "answered", done: answer.done });
        onDone();
      },
      (error: unknown) => {
        const message = error instanceof ApiFailure ? error.message : "the action failed";
        setState({ kind: "failed", message });
      },
    );
  };
  if (!available && (state.kind === "idle" || state.kind === "busy")) return null;
  return (
    <span className="action">
      {available ? (
        <button
          type="button"
          className="button-small"
          onClick={handleClick}
          disabled={state.kind === "busy"}
          data-testid={testId}
        >
          {state.kind === "busy" ? "…" : label}
        </button>
      ) : null}
      {state.kind === "answered" ? (
        <span className="small subtle" data-testid={`${testId}-result`}>
          {state.done ? doneText : "nothing to do (already ended or gone)"}
        </span>
      ) : null}
      {state.kind === "failed" ? (
        <span className="small text-bad" role="alert" data-testid={`${testId}-error`}>
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
