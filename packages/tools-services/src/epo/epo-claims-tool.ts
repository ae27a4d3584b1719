import {
  AbstractTool,
  ExternalServiceError,
  InvalidInputError,
  SystemError,
  unwrap,
  wrapWithContext,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { z } from "zod";
import { resolveApiOptions } from "../http/service-tool-options.js";
import {
  AUTH_STEP,
  CLAIMS_STEP,
  EPO_DEFAULTS,
  EPO_OPS,
  type EPOClaimsToolOptions,
} from "./epo-claims-options.js";
import { OpsClient } from "./ops-client.js";
import { OpsTokenSource } from "./ops-token-source.js";
import { parseOpsClaims } from "./parse-ops-claims.js";
import { checkPublicationNumber } from "./publication-number.js";

const EPOClaimsInput = z.object({
  publicationNumber: z
    .string()
    .describe('An EP publication number in epodoc form, e.g. "EP1234567".'),
});

const EPOClaimsOutput = z.object({
  publicationNumber: z.string().describe("The publication number as looked up, e.g. EP1234567."),
  language: z
    .string()
    .describe(
      "The language of the claims returned: EN when OPS has English claims, else the first it has.",
    ),
  claims: z
    .array(z.string())
    .describe("One text per claim, in order, each starting with its number."),
});

/** Input of {@link EPOClaimsTool}. */
export type EPOClaimsInput = z.infer<typeof EPOClaimsInput>;
/** Output of {@link EPOClaimsTool}. */
export type EPOClaimsOutput = z.infer<typeof EPOClaimsOutput>;

const EXPECTED_NUMBER = "an EP publication number for which EPO OPS holds claims";

/**
 * `epo_claims`: the claims of a European patent publication from the EPO's Open Patent
 * Services (OPS v3.2), in English when OPS has them. Authenticates with OAuth client
 * credentials from the deployment's configuration and caches the token until it expires.
 *
 * Outcomes: a publication number the model can fix (malformed, unknown to OPS, without claims)
 * is an `InvalidInputError` naming `publication_number`; refused credentials an
 * `ExternalServiceError("epo-ops", "authenticate")`; a server or network failure, a garbage
 * answer or the time limit an `ExternalServiceError("epo-ops", step)`; a 429 a
 * `ThrottleSignal`. The key, the secret and the token never appear in any of them.
 *
 * @example
 * const tool = new EPOClaimsTool({ consumerKey: config.opsKey, consumerSecret: config.opsSecret });
 * const { claims } = await new JobDispatcher().submit(tool, { publicationNumber: "EP1000000" });
 */
export class EPOClaimsTool extends AbstractTool<EPOClaimsInput, EPOClaimsOutput> {
  readonly name = "epo_claims";
  override readonly description =
    "Returns the claims of a European patent publication (e.g. EP1234567) from the European Patent Office, in English when available.";
  readonly input = EPOClaimsInput;
  readonly output = EPOClaimsOutput;
  override readonly readOnly = true;

  readonly #tokens: OpsTokenSource;
  readonly #client: OpsClient;

  constructor(options: EPOClaimsToolOptions) {
    super();
    if (!options.consumerKey || !options.consumerSecret) {
      // Says what is missing, never what was given.
      throw new SystemError({
        code: "configuration",
        message: "EPOClaimsTool needs an OPS consumer key and consumer secret.",
      });
    }
    const shared = resolveApiOptions(options, EPO_DEFAULTS);
    this.#tokens = new OpsTokenSource({
      ...shared,
      consumerKey: options.consumerKey,
      consumerSecret: options.consumerSecret,
    });
    this.#client = new OpsClient(shared);
  }

  async execute(
    input: EPOClaimsInput,
    _resources: JobResources,
    context: JobContext,
  ): Promise<EPOClaimsOutput> {
    try {
      const number = checkPublicationNumber(input.publicationNumber);
      const xml = await this.#claimsXml(number, input.publicationNumber, context.signal);
      const parsed = parseOpsClaims(xml);
      if (parsed === undefined)
        throw new ExternalServiceError({
          service: EPO_OPS,
          step: CLAIMS_STEP,
          detail: "unreadable answer",
        });
      if (parsed.kind === "none")
        throw new InvalidInputError({
          parameter: "publication_number",
          value: input.publicationNumber,
          expected: EXPECTED_NUMBER,
        });
      return { publicationNumber: number, language: parsed.language, claims: [...parsed.claims] };
    } catch (error) {
      throw unwrap(error);
    }
  }

  /** The claims XML; renews the token once if OPS refuses it (revoked, or expired early). */
  async #claimsXml(number: string, modelValue: string, signal: AbortSignal): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      // Its own step, with no model parameter: its failures are never the model's to fix.
      const token = await this.#tokens.token(signal);
      // The one step that carries the model's parameter.
      const answer = await wrapWithContext(
        {
          service: EPO_OPS,
          step: CLAIMS_STEP,
          parameter: "publication_number",
          value: modelValue,
          expected: EXPECTED_NUMBER,
        },
        () => this.#client.claims(number, token, signal),
      );
      if (answer.kind === "xml") return answer.text;
      this.#tokens.invalidate(token);
      if (attempt > 1)
        throw new ExternalServiceError({
          service: EPO_OPS,
          step: AUTH_STEP,
          detail: "a fresh access token was refused",
        });
    }
  }
}
