// What a page mounts outside the app's React tree (the toaster), registered here to be taken
// off the page at once when the page goes away: a test's document is torn down after each
// test, and a toast's timers would otherwise render into it seconds later. Imports nothing,
// so that a test setup can use it without loading the components.

const removers = new Set<() => void>();

/** Call `remove` when the page is torn down. */
export function onTeardown(remove: () => void): void {
  removers.add(remove);
}

/** Remove everything registered, once. */
export function tearDown(): void {
  for (const remove of removers) remove();
  removers.clear();
}
