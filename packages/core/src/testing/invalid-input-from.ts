import { InvalidInputError } from "../errors/invalid-input-error.js";

/**
 * The `InvalidInputError` that `call` throws, for a test to read its `parameter` and message.
 * Anything else thrown is rethrown, and a call that throws nothing fails the test.
 *
 * @example
 * const error = invalidInputFrom(() => provider.invoke({ query: 7 }, {}));
 * expect(error.parameter).toBe("query");
 */
export function invalidInputFrom(call: () => unknown): InvalidInputError {
  try {
    call();
  } catch (error) {
    if (InvalidInputError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("the call was accepted: expected an InvalidInputError");
}
