/** Types of summaryReporter.mjs, for the TypeScript tests that import it. */
export declare function summaryReporter(file?: string): { onTestRunFinished(args: { sessions: unknown[] }): void }
