/** What `run` throws; fails the test if it throws nothing. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error, but nothing was thrown");
}
