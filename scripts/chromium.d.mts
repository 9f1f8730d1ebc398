/** Path of Debian's Chromium binary, or undefined when it is not installed. */
export function chromiumPath(): string | undefined
/** Launch flags for headless Chromium on these machines. */
export const CHROMIUM_ARGS: string[]
