import { describeIssue } from "@nucleo/core";
import type { z } from "zod";

/**
 * Checks a body against a wire's request schema; returns a refusal in the providers' manner
 * (naming the field) or `null`.
 */
export function refusalFromSchema(schema: z.ZodType, body: Record<string, unknown>): string | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const { path, expected } = describeIssue(result.error.issues[0]!);
  return `Invalid value for '${path}': expected ${expected}.`;
}
