// Helpers for reading what a client call produced. Not exported from the package.
// Streams are drained with @nucleo/testing's helper, under the name these tests use.
export { drainStream as drain } from "@nucleo/testing";

/** What `run` rejected with; fails the test when it resolves. */
export async function rejectionOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}
