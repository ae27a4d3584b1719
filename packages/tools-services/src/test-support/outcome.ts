// Test helpers for reading a job's outcome. Not exported from the package.

/** What `promise` rejected with; rejects (failing the test) when it resolved instead. */
export function failureOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    (value) => Promise.reject(new Error(`expected a failure, got ${JSON.stringify(value)}`)),
    (error: unknown) => error as Error,
  );
}
