/** Types of runTestFiles.mjs, for the TypeScript tests that import it. */
export interface TestTotals {
  passed: number
  failed: number
  skipped: number
  failedFiles: string[]
  failures: Map<string, string>
}
export declare function runTestFiles(
  files: string[],
  options: { width: () => number; hold?: () => boolean; env?: NodeJS.ProcessEnv; args?: (file: string) => string[]; timeoutMs?: number }
): { done: Promise<TestTotals>; widen(): void }
export declare function failureExcerpt(out: string): string
