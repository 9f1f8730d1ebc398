/** The digest of the files `keep` accepts (git's view of the repository at `root`), or undefined when git cannot list them. */
export function inputsDigest(keep: (path: string) => boolean, root?: string): string | undefined
/** Whether the build `name` last finished with these inputs and its outputs are all still there. */
export function unchanged(name: string, digest: string | undefined, outputs: string[], root?: string): boolean
/** Remembers that the build `name` finished with these inputs. */
export function recordBuilt(name: string, digest: string | undefined, root?: string): void
