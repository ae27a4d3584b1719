import type { JobDispatcher } from "@nucleo/core";
import type { LlmEnvironment } from "@nucleo/conversation";
import type { ModelDependentTool } from "@nucleo/tools";
import type { Scorer } from "./scorer.js";

/**
 * What a benchmark setup module gives `nucleo benchmark` (the worker app's command): its default export is a function
 * returning this (or a promise of it). The command races `factory`'s job on `input` through
 * `dispatcher`, on the deployment `environment` describes, and calls `close` at the end —
 * also when the benchmark failed.
 *
 * @example
 * // review.setup.ts
 * export default async function setup(): Promise<BenchmarkSetup<ReviewInput, ReviewOutput>> {
 *   const admission = new CatalogAdmission({ catalog: await loadCatalog("catalog.yaml") });
 *   const environment = LlmEnvironment.from(admission, { openai: new OpenAiClient() });
 *   return {
 *     dispatcher: new JobDispatcher({ admission }),
 *     environment,
 *     factory: () => new ReviewTool({ environment }),
 *     input: { text: "..." },
 *   };
 * }
 */
export interface BenchmarkSetup<TInput = unknown, TOutput = unknown> {
  /** The dispatcher the benchmark is submitted to; its admission grants the seats. */
  readonly dispatcher: JobDispatcher;
  /** The deployment: its picker names the grade's candidates; the judges call through it. */
  readonly environment: LlmEnvironment;
  /** Makes a fresh instance of the raced job for every run. */
  readonly factory: () => ModelDependentTool<TInput, TOutput>;
  /** The job's input, the same for every run. */
  readonly input: TInput;
  /** Scores a run's output against the reference's in code, beside the judge. */
  readonly scorer?: Scorer<TOutput>;
  /** Releases what the setup opened (clients, servers, pools); called once, whatever happened. */
  readonly close?: () => Promise<void> | void;
}
