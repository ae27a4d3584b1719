import { InvalidInputError } from "@nucleo/core";

const EPODOC_EP = /^EP\d{5,9}$/;

/**
 * The tool's own check of `publication_number`, before any request: an EP publication number
 * in epodoc form ("EP" and its digits, e.g. `EP1234567`). Spaces, dots and case the way people
 * write numbers ("ep 1 234 567") are forgiven; anything else is refused as the model's to fix.
 *
 * @internal
 */
export function checkPublicationNumber(value: string): string {
  const normalized = value.replace(/[\s.]/g, "").toUpperCase();
  if (!EPODOC_EP.test(normalized)) {
    throw new InvalidInputError({
      parameter: "publication_number",
      value,
      expected:
        'an EP publication number in epodoc form: "EP" and its digits, without a kind code, like "EP1234567"',
    });
  }
  return normalized;
}
