import { uuidV5 } from "./uuid-v5.js";

/** The namespace of workflow ids made from idempotency keys: fixed forever, or keys would stop matching. */
export const WORKFLOW_ID_NAMESPACE = "f884cf62-14a8-4a93-8637-50e2b92b6e4a";

/**
 * The id a workflow submitted with `idempotencyKey` (and `tenant`) gets: the same key and tenant
 * always give the same id, so a second submission finds the first. The pair is encoded as a JSON
 * array, so no tenant and key can run together into another pair's text.
 *
 * @example
 * idempotentWorkflowId("invoice-42", "acme") === idempotentWorkflowId("invoice-42", "acme"); // true
 */
export function idempotentWorkflowId(idempotencyKey: string, tenant?: string): string {
  return uuidV5(JSON.stringify([tenant ?? "", idempotencyKey]), WORKFLOW_ID_NAMESPACE);
}
