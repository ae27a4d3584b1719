// examples/custom-tool.ts
import { AbstractTool, JobDispatcher } from "@nucleo/core";
import { ClassToolProvider, ToolRegistry } from "@nucleo/tools";
import { z } from "zod";

const ClaimsInput = z.object({
  publicationNumber: z.string().regex(/^EP\d{7}$/),
  maxClaims: z.number().int().positive().optional(),
});

/** A tool is a typed job: camelCase zod schemas in, out. */
class CountClaims extends AbstractTool<z.infer<typeof ClaimsInput>, { claimCount: number }> {
  readonly name = "count_claims";
  override readonly description = "Count the claims of a European publication.";
  readonly input = ClaimsInput;
  readonly output = z.object({ claimCount: z.number().int() });
  override readonly readOnly = true;

  execute(input: z.infer<typeof ClaimsInput>) {
    return { claimCount: Math.min(input.maxClaims ?? 15, 15) };
  }
}

const registry = new ToolRegistry().register(new ClassToolProvider(() => new CountClaims()));
const provider = registry.get("count_claims")!;

// What the model reads: a JSON Schema generated from the zod schema, in snake_case.
console.log(Object.keys((provider.inputSchema() as { properties: object }).properties)); // [ 'publication_number', 'max_claims' ]

// A call as the model makes it, run through the dispatcher, and the text the model reads back.
const { job, input } = provider.invoke({ publication_number: "EP1234567", max_claims: 3 }, {});
console.log(provider.formatResult(await new JobDispatcher().submit(job, input))); // {"claim_count":3}

// Bad arguments are the model's to correct, named as it knows them:
try {
  provider.invoke({ publication_number: "US123" }, {});
} catch (error) {
  console.log((error as Error).message); // Invalid value for "publication_number": expected a string matching /^EP\d{7}$/.
}
