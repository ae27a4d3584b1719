import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { DeploymentPolicy } from "./deployment-policy.js";

/** Why an entry falls outside the envelope: the first tag that failed, or `undefined` when inside. */
export function envelopeViolation(
  entry: CatalogEntry,
  policy: DeploymentPolicy,
): string | undefined {
  // Asked for every seat: a deployment without an envelope builds no entries list to say so.
  if (policy.envelope === undefined) return undefined;
  for (const [tag, allowed] of Object.entries(policy.envelope)) {
    const value = entry.compliance[tag];
    if (value === undefined)
      return `it has no "${tag}" tag; the envelope requires ${tag} in (${allowed.join(", ")})`;
    if (!allowed.includes(value))
      return `its tag ${tag}=${value} is outside the envelope, which allows ${tag} in (${allowed.join(", ")})`;
  }
  return undefined;
}
