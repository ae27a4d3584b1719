import { InvalidInputError } from "../errors/invalid-input-error.js";
import { describeIssue } from "../schema/describe-issue.js";
import type { ArtifactType } from "./artifact-type.js";

/** A reference to a registered artifact, as a model reads and writes it: `claim_set#3`. */
export type ArtifactRef = string & { readonly __artifactRef: true };

/** A registered artifact: its ref, its type, a one-line summary, and the checked value. */
export interface Artifact<TValue = unknown> {
  readonly ref: ArtifactRef;
  readonly type: ArtifactType<TValue>;
  readonly summary: string;
  readonly value: TValue;
}

/**
 * The typed artifacts of one agent: values too big or too structured to paste into a
 * conversation, handed around by ref. A delegate's registry is `filter(refs)` of its parent's
 * over exactly the refs its input lists; registries derived from one another share a ref
 * counter, so refs minted by a delegate never collide with its parent's.
 *
 * @example
 * const registry = new ArtifactRegistry();
 * const ref = registry.put(ClaimSet, { claims: ["1. A widget..."] }, "3 independent claims of EP1234567");
 * registry.resolve(ref, ClaimSet).claims.length; // 1
 */
export class ArtifactRegistry {
  // Made on first use: most agents never register an artifact.
  #map: Map<string, Artifact> | undefined;
  // Shared with the registries derived from this one, so refs stay unique across them; made on
  // first use too.
  #counted: { next: number } | undefined;

  constructor(counter?: { next: number }) {
    this.#counted = counter;
  }

  get #artifacts(): Map<string, Artifact> {
    return (this.#map ??= new Map());
  }

  get #counter(): { next: number } {
    return (this.#counted ??= { next: 1 });
  }

  /** Checks `value` against the type's schema and registers it; returns its new ref. */
  put<TValue>(type: ArtifactType<TValue>, value: TValue, summary: string): ArtifactRef {
    const parsed = type.schema.safeParse(value);
    if (!parsed.success) {
      const issue = describeIssue(parsed.error.issues[0]!);
      throw new InvalidInputError({
        parameter: `${type.name}.${issue.path}`,
        expected: issue.expected,
        cause: parsed.error,
      });
    }
    const ref = `${type.name}#${this.#counter.next++}` as ArtifactRef;
    this.#artifacts.set(ref, Object.freeze({ ref, type, summary, value: parsed.data }) as Artifact);
    return ref;
  }

  /** Whether `ref` is registered here. */
  has(ref: string): ref is ArtifactRef {
    return this.#artifacts.has(ref);
  }

  /** The artifact behind a ref, or `undefined`. */
  get(ref: string): Artifact | undefined {
    return this.#artifacts.get(ref);
  }

  /**
   * The value behind a ref a model supplied, checked to be of `type` when given.
   *
   * @throws {InvalidInputError} naming the ref when it is unknown or of another type.
   */
  resolve<TValue>(ref: string, type?: ArtifactType<TValue>): TValue {
    const artifact = this.#artifacts.get(ref);
    // Refs come from models: a refusal names the known refs, never repeats the one sent.
    if (!artifact)
      throw new InvalidInputError({
        parameter: "artifact_ref",
        expected: `one of the known refs (${this.#known()})`,
      });
    if (type && artifact.type.name !== type.name) {
      throw new InvalidInputError({
        parameter: "artifact_ref",
        expected: `a ref to a ${type.name} artifact`,
      });
    }
    return artifact.value as TValue;
  }

  /** Every registered artifact, oldest first. */
  list(): readonly Artifact[] {
    return [...this.#artifacts.values()];
  }

  /**
   * Registers artifacts another registry of the same family already checked, under their own
   * refs: how a parent takes in what its delegate produced. Refs from registries that share
   * this one's counter never collide; an artifact already held under its ref is kept as is.
   */
  adopt(artifacts: Iterable<Artifact>): this {
    for (const artifact of artifacts)
      if (!this.#artifacts.has(artifact.ref)) this.#artifacts.set(artifact.ref, artifact);
    return this;
  }

  /**
   * A new registry holding only `refs` (what a delegate is conveyed). An unknown ref is refused
   * by its position, never repeated: a model-supplied list is untrusted input.
   */
  filter(refs: readonly string[]): ArtifactRegistry {
    const derived = new ArtifactRegistry(this.#counter);
    for (const [index, ref] of refs.entries()) {
      const artifact = this.#artifacts.get(ref);
      if (!artifact)
        throw new InvalidInputError({
          parameter: `artifact_refs[${index}]`,
          expected: `refs of registered artifacts (${this.#known()})`,
        });
      derived.#artifacts.set(ref, artifact);
    }
    return derived;
  }

  #known(): string {
    const refs = [...this.#artifacts.keys()];
    return refs.length === 0
      ? "none registered"
      : refs.slice(0, 20).join(", ") + (refs.length > 20 ? ", ..." : "");
  }
}
