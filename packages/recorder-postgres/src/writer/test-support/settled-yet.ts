/** Whether a promise has settled (resolved or rejected), without waiting for it: a few turns of promise work only. */
export async function settledYet(promise: Promise<unknown> | undefined): Promise<boolean> {
  let settled = false;
  void promise?.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let index = 0; index < 5; index++) await Promise.resolve();
  return settled;
}
