import type { z } from "zod";

/**
 * A kind of artifact: a name the model sees in refs and a schema every value is checked
 * against when registered.
 *
 * @example
 * const ClaimSet = defineArtifactType("claim_set", z.object({ claims: z.array(z.string()) }));
 */
export interface ArtifactType<TValue> {
  readonly name: string;
  readonly schema: z.ZodType<TValue>;
}

const ARTIFACT_TYPE_NAME = /^[a-z][a-z0-9_]*$/;

/** Declares an {@link ArtifactType}; the name is snake_case, as refs spell it. */
export function defineArtifactType<TValue>(
  name: string,
  schema: z.ZodType<TValue>,
): ArtifactType<TValue> {
  if (!ARTIFACT_TYPE_NAME.test(name)) {
    throw new RangeError(
      `defineArtifactType: name must be snake_case (like "claim_set"), got ${JSON.stringify(name)}`,
    );
  }
  return Object.freeze({ name, schema });
}
