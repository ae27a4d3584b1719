import { z } from "zod";

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const EXPECTED = 'a non-negative decimal like "2.50" (per million tokens)';

/**
 * A price per million tokens: decimal text (`"2.50"`), or a plain number (`2.5`, as YAML
 * writes it) converted to its shortest exact text. Negative values and exponent forms are
 * refused — a price is read as text so it is never a float by the time it is summed.
 */
export const priceText = z
  .union([z.string(), z.number()], `expected ${EXPECTED}`)
  .transform((value, context) => {
    const text = typeof value === "number" ? String(value) : value.trim();
    if (!PLAIN_DECIMAL.test(text)) {
      context.addIssue({
        code: "custom",
        message: `expected ${EXPECTED}, got ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    }
    return text;
  });
