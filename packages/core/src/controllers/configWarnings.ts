/**
 * The chunk that tells a site about its configuration mistakes (unknown option names, theme
 * variables that are not ours): loaded after the options are read, because the list of names is
 * not needed to paint the button and the first chunk holds only what does (docs/performance.md).
 *
 * @example
 * void configWarnings().then(w => w.warnUnknownOptions(options))
 */
export const configWarnings = () => import('./optionNames.js')
