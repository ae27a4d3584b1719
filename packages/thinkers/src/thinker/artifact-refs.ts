import { InvalidInputError, type ArtifactRegistry } from "@nucleo/core";

/**
 * Resolves the refs a composite answer lists in `artifactRefs`: each must name an artifact of
 * the run. Refused as correctable naming the position, never the ref the model wrote.
 */
export function checkArtifactRefs(answer: unknown, artifacts: ArtifactRegistry): void {
  if (typeof answer !== "object" || answer === null) return;
  const refs = (answer as { artifactRefs?: unknown }).artifactRefs;
  if (!Array.isArray(refs)) return;
  refs.forEach((ref, index) => {
    if (typeof ref !== "string" || !artifacts.has(ref)) {
      throw new InvalidInputError({
        parameter: `answer.artifact_refs[${index}]`,
        expected: "the ref of an artifact of this task (as a tool result or your input listed it)",
      });
    }
  });
}
