/**
 * Waiting for a condition in tests that talk to real ports and processes: polls on every turn of
 * the event loop (no fixed sleep) and fails with `what` after `ms`.
 */
export function until(test: () => boolean, ms = 5000, what: () => string = () => 'condition'): Promise<void> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const tick = () => (test() ? resolve() : Date.now() - t0 > ms ? reject(new Error(`${what()} not met within ${ms} ms`)) : setImmediate(tick));
    tick();
  });
}
