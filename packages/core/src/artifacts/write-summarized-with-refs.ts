import type { ArtifactRegistry } from "./artifact-registry.js";

/**
 * Serialises a value for a model to read, with every artifact ref it mentions (a string
 * equal to a registered ref, anywhere in the value) written as `{ ref, type, summary }` rather
 * than the artifact's full value — how a parent reads what a delegate produced without the
 * delegate's artifacts flooding its conversation. Strings that are not registered refs stay
 * as they are.
 *
 * @example
 * writeSummarizedWithRefs({ summary: "done", artifactRefs: [ref] }, registry);
 * // {"summary":"done","artifactRefs":[{"ref":"claim_set#1","type":"claim_set","summary":"3 claims"}]}
 */
export function writeSummarizedWithRefs(value: unknown, registry: ArtifactRegistry): string {
  const written = new WeakSet<object>();
  return JSON.stringify(value, function replace(this: unknown, _key, current: unknown) {
    // The summaries written here hold the ref again; they are final and must not be expanded.
    if (typeof current !== "string" || written.has(this as object)) return current;
    const artifact = registry.get(current);
    if (!artifact) return current;
    const summary = { ref: artifact.ref, type: artifact.type.name, summary: artifact.summary };
    written.add(summary);
    return summary;
  });
}
