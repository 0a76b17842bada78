/**
 * State that belongs to the test file now running. Vitest runs the files of a
 * worker one after another in one module graph (`isolate: false` in
 * vitest.config.ts), so a helper's module-level state would outlive the file
 * that made it. Helpers keep such state here instead; the setup file
 * (test-hygiene.ts), which runs again for every test file, calls `endFile()`
 * after the file's own hooks, then checks that nothing was left behind.
 */
const values = new Map<string, unknown>();
const cleanups: Array<() => void> = [];

/** One value per test file: made on first use in a file, forgotten when the file ends. */
export function perFile<T>(key: string, make: () => T): T {
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as T;
}

/** Runs when the current test file ends, after its own afterAll hooks; the latest registered runs first. */
export function onFileEnd(cleanup: () => void): void {
  cleanups.push(cleanup);
}

/** Called by the setup file only: runs the file's cleanups and forgets its values. */
export function endFile(): void {
  values.clear();
  const errors: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, "a per-file cleanup failed");
}
