import { ExternalServiceError } from "@nucleo/core";
import { readBodyLimited } from "./read-body.js";

/** Limits and labels for {@link readAnswerText}. */
export interface ReadAnswerOptions {
  readonly maxBytes: number;
  readonly signal: AbortSignal;
  readonly service: string;
  readonly step: string;
}

/**
 * Reads an API's answer as UTF-8 text, at most `maxBytes`. An answer past the limit is the
 * service misbehaving, not the model's doing: an `ExternalServiceError` naming service and step.
 *
 * @internal
 */
export async function readAnswerText(
  response: Response,
  options: ReadAnswerOptions,
): Promise<string> {
  const body = await readBodyLimited(response, options.maxBytes, options.signal);
  if (!body.complete) {
    throw new ExternalServiceError({
      service: options.service,
      step: options.step,
      detail: `answer larger than ${options.maxBytes} bytes`,
    });
  }
  return new TextDecoder("utf-8").decode(body.bytes);
}
