/**
 * One named step of a long browser test: a failure inside it says which step failed, and the
 * steps share the test's page (vitest has no test.step, and each `it` gets fresh pages).
 */
export async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof Error) error.message = `step "${name}" failed: ${error.message}`;
    throw error;
  }
}
