import { Grade, InvalidInputError, OutputSize, type GradeRung } from "@nucleo/core";
import type { Catalog } from "../entry/catalog.js";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { DeploymentPolicy } from "./deployment-policy.js";
import { envelopeViolation } from "./envelope.js";
import type { SeatBinding, SeatWords } from "./seat-binding.js";

/** What a seat will book, for usage-aware routing. */
export interface SeatDemand {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * How soon each entry could take a seat; the admission answers it. `0` means now; a cooling
 * entry answers the time left on its cooldown.
 */
export interface CapacityView {
  waitMs(entry: CatalogEntry, demand: SeatDemand): number;
}

const GRADE_WORDS = [...Grade.ladder, "CEILING"].join(", ");

/**
 * Resolves `CEILING` to the strongest rung the deployment serves, before anything else sees a
 * seat: MEGA where the deployment pins a MEGA entry, XL where it does not.
 */
export function resolveWith(grade: Grade, picker: { ceiling(): GradeRung }): GradeRung {
  return grade === "CEILING" ? picker.ceiling() : grade;
}

/**
 * Turns a grade into a concrete catalog entry inside the deployment's compliance envelope.
 * Among several entries of a grade it prefers one with admission capacity now, so a busy or
 * cooling entry's seats flow to its siblings; a pin bypasses the choice but never the
 * envelope.
 *
 * @example
 * const picker = new ModelPicker(catalog, { envelope: { region: ["us"] } });
 * picker.bind({ grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" }).entry.id;
 */
export class ModelPicker {
  #capacity: CapacityView | undefined;
  // The catalog and the policy never change, so neither does a rung's candidate list; every
  // seat asks for it, so it is worked out once per rung.
  readonly #candidates = new Map<GradeRung, readonly CatalogEntry[]>();
  // A binding depends only on the entry and the seat's words: one frozen object per combination,
  // shared by every call, rather than one per call held while it waits on its model.
  readonly #bindings = new WeakMap<
    CatalogEntry,
    Map<string, Map<string, Map<string | number, SeatBinding>>>
  >();

  constructor(
    readonly catalog: Catalog,
    readonly policy: DeploymentPolicy = {},
    capacity?: CapacityView,
  ) {
    // Frozen: the candidate lists are worked out once from it.
    this.policy = Object.freeze({ ...policy });
    this.#capacity = capacity;
    if (policy.megaEntry !== undefined) {
      const mega = this.#pinnedAs("megaEntry", policy.megaEntry);
      if (mega.grade !== "MEGA") {
        throw new InvalidInputError({
          parameter: "megaEntry",
          value: policy.megaEntry,
          expected: `an entry of grade MEGA (it is ${mega.grade})`,
        });
      }
    }
  }

  /** Lets the admission report capacity once both exist. @internal */
  useCapacity(capacity: CapacityView): void {
    this.#capacity = capacity;
  }

  /** The strongest rung this deployment serves: MEGA where it pins one, else XL. */
  ceiling(): GradeRung {
    return this.policy.megaEntry === undefined ? "XL" : "MEGA";
  }

  /** A grade word as a rung (`CEILING` resolved); unknown or empty words are refused by name. */
  resolve(grade: string): GradeRung {
    if (!Grade.is(grade)) {
      throw new InvalidInputError({
        parameter: "grade",
        value: String(grade),
        expected: `one of ${GRADE_WORDS}`,
      });
    }
    return resolveWith(grade, this);
  }

  /**
   * The open, callable entries of a grade inside the envelope, in catalog order — what a
   * benchmark races.
   */
  candidates(grade: string): readonly CatalogEntry[] {
    const rung = this.resolve(grade);
    let candidates = this.#candidates.get(rung);
    if (!candidates) {
      candidates = Object.freeze(
        rung === "MEGA" && this.policy.megaEntry !== undefined
          ? [this.catalog.get(this.policy.megaEntry)]
          : this.catalog
              .ofGrade(rung)
              .filter(
                (entry) =>
                  entry.open &&
                  entry.callable &&
                  envelopeViolation(entry, this.policy) === undefined,
              ),
      );
      this.#candidates.set(rung, candidates);
    }
    return candidates;
  }

  /**
   * The entry for a grade: among the candidates, the one that could take `demand` soonest
   * (capacity now first, then the shortest wait), ties going to catalog order.
   *
   * @throws {InvalidInputError} when the grade is unknown or no entry of it is usable here.
   */
  pick(grade: string, demand: SeatDemand = { inputTokens: 0, outputTokens: 0 }): CatalogEntry {
    const candidates = this.candidates(grade);
    if (candidates.length === 0) throw this.#unserved(grade);
    const capacity = this.#capacity;
    if (!capacity || candidates.length === 1) return candidates[0]!;
    let best = candidates[0]!;
    let bestWait = capacity.waitMs(best, demand);
    for (let index = 1; index < candidates.length; index++) {
      const entry = candidates[index]!;
      if (bestWait === 0) break;
      const wait = capacity.waitMs(entry, demand);
      if (wait < bestWait) {
        best = entry;
        bestWait = wait;
      }
    }
    return best;
  }

  /**
   * The entry a pin names, checked against the envelope.
   *
   * @throws {InvalidInputError} naming the entry (and the tag that failed) when it is missing
   * or outside the envelope.
   */
  pinned(entryId: string): CatalogEntry {
    return this.#pinnedAs("pin", entryId);
  }

  /** Makes a seat concrete: the entry (pinned or picked) and its budgets at the seat's depth and output size. */
  bind(seat: SeatWords, demand?: SeatDemand): SeatBinding {
    const grade = this.resolve(seat.grade);
    // The seat's own grade word, so a refusal of CEILING says what CEILING resolved to.
    const entry = seat.pin === undefined ? this.pick(seat.grade, demand) : this.pinned(seat.pin);
    let byGrade = this.#bindings.get(entry);
    if (!byGrade) this.#bindings.set(entry, (byGrade = new Map()));
    let byDepth = byGrade.get(seat.grade);
    if (!byDepth) byGrade.set(seat.grade, (byDepth = new Map()));
    let byOutput = byDepth.get(seat.depth);
    if (!byOutput) byDepth.set(seat.depth, (byOutput = new Map()));
    const outputKey = typeof seat.output === "string" ? seat.output : seat.output.tokens;
    let binding = byOutput.get(outputKey);
    if (!binding) {
      const outputBudget = OutputSize.budget(seat.output, {
        ceiling: entry.outputCeiling,
        outputBudgets: entry.outputBudgets,
      });
      const reasoningTokens = entry.reasoningTokens?.[seat.depth] ?? 0;
      binding = Object.freeze({
        entry,
        grade,
        outputBudget,
        reasoningTokens,
        maxOutputTokens: Math.min(entry.outputCeiling, outputBudget + reasoningTokens),
      });
      // Raw token budgets are a seat's own choice: a bound keeps many distinct ones from piling up.
      if (byOutput.size >= 256) byOutput.clear();
      byOutput.set(outputKey, binding);
    }
    return binding;
  }

  /**
   * The entry `parameter` (a seat's `pin`, the policy's `megaEntry`) names, inside the envelope.
   * A missing pin is refused by the catalog's lookup (as `entry`); a missing megaEntry by name.
   */
  #pinnedAs(parameter: "pin" | "megaEntry", entryId: string): CatalogEntry {
    const entry = parameter === "pin" ? this.catalog.get(entryId) : this.catalog.find(entryId);
    if (entry === undefined) {
      const known = this.catalog.entries().map((known) => known.id);
      throw new InvalidInputError({
        parameter,
        value: entryId,
        expected: `an entry of the catalog ${this.catalog.source} (${known.slice(0, 12).join(", ")}${known.length > 12 ? ", ..." : ""})`,
      });
    }
    const violation = envelopeViolation(entry, this.policy);
    if (violation !== undefined) {
      throw new InvalidInputError({
        parameter,
        value: entryId,
        expected: `an entry inside the deployment's compliance envelope, but ${violation}`,
      });
    }
    return entry;
  }

  /** The refusal of a grade no usable entry serves; for CEILING (or XL, where CEILING lands) it says how CEILING resolved. */
  #unserved(grade: string): InvalidInputError {
    const rung = this.resolve(grade);
    const none = `no open, callable entry of ${rung} is inside the envelope${this.#describeExcluded(rung)}`;
    // With a megaEntry, CEILING resolves to MEGA, which that entry always serves.
    let expected = `a grade this deployment serves: ${none}`;
    if (grade === "CEILING")
      expected = `a grade this deployment serves: CEILING resolved to ${rung}, as no megaEntry is pinned, but ${none}`;
    else if (rung === "XL" && this.policy.megaEntry === undefined)
      expected += ` (CEILING resolves to XL too, as no megaEntry is pinned)`;
    return new InvalidInputError({ parameter: "grade", value: grade, expected });
  }

  #describeExcluded(rung: GradeRung): string {
    const excluded = this.catalog
      .ofGrade(rung)
      .map((entry) => {
        if (!entry.open) return `${entry.id} is not open`;
        if (!entry.callable) return `${entry.id} is not callable`;
        const violation = envelopeViolation(entry, this.policy);
        return violation === undefined ? undefined : `${entry.id}: ${violation}`;
      })
      .filter(Boolean);
    return excluded.length === 0
      ? ` (the catalog has no ${rung} entry)`
      : ` (${excluded.join("; ")})`;
  }
}
