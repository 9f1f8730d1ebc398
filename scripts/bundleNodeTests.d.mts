/** Types of bundleNodeTests.mjs, for the TypeScript tests that import it. */
export declare function bundleNodeTests(
  files: string[],
  options: { root?: string; outdir: string; onPackage?: (specifier: string, importer: string, path: string) => void }
): Promise<Map<string, string>>
