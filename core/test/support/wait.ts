// Waiting in tests: a plain delay, and polling until something asynchronous has happened.

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `condition` holds, polling every few ms; fails after `ms`. The limit only bounds
 * a failure, so it is generous: a loaded machine may take seconds for what takes milliseconds.
 */
export async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(2);
  }
}
