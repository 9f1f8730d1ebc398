// The public entries of the publishable packages, read from each package.json's "exports": what
// the API reference documents (scripts/docs.mjs) and what its test checks it documents
// (test/node/docsSite.test.ts). Read from the TypeScript sources, so neither needs a build.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The package subpaths that are published but are not API: `./internal` is what the packages
 * share between themselves (core's, for ui and react), and may change in any release.
 */
const NOT_PUBLIC = new Set(['./internal', './package.json'])

/**
 * The public entries: for every package that is not private, every subpath of its "exports"
 * whose declarations (`./dist/types/<p>.d.ts`) come from a TypeScript source (`src/<p>.ts`) that
 * exists (packages still being written are skipped until they have their entry) and exports
 * something (`@wallet-modal/ui/define` only registers the tags). Two subpaths sharing one source
 * (`./boot` and `./browser/boot`) are one entry. Generated typings (`@wallet-modal/ui/react`,
 * built from custom-elements.json) have no source and are left out.
 *
 * @example
 * ```js
 * publicEntries().map(e => e.name) // ['@wallet-modal/core', '@wallet-modal/react', ..., '@wallet-modal/ui/boot', ...]
 * ```
 * @param root - The repository's root (default: this repository).
 * @returns The entries sorted by name, each with its absolute source path.
 */
export function publicEntries(root = ROOT) {
  const entries = []
  const packagesDir = join(root, 'packages')
  for (const dir of readdirSync(packagesDir).sort()) {
    const manifestPath = join(packagesDir, dir, 'package.json')
    if (!existsSync(manifestPath)) continue
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    if (manifest.private || !manifest.exports || typeof manifest.exports !== 'object') continue
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (NOT_PUBLIC.has(subpath) || typeof target !== 'object' || typeof target?.types !== 'string') continue
      const declared = /^\.\/dist\/types\/(.+)\.d\.ts$/.exec(target.types)?.[1]
      if (!declared) continue
      const source = ['ts', 'tsx'].map(ext => join(packagesDir, dir, 'src', `${declared}.${ext}`)).find(existsSync)
      if (!source || entries.some(e => e.source === source) || !hasExports(source)) continue
      entries.push({ name: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, source })
    }
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name))
}

/** Whether a module's text has any export (a syntactic check, no type checking). */
function hasExports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  return source.statements.some(
    s =>
      ts.isExportDeclaration(s) || ts.isExportAssignment(s) || (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some(m => m.kind === ts.SyntaxKind.ExportKeyword))
  )
}

/**
 * Every name each entry exports (values and types, `export *` followed), with the TypeScript
 * compiler and the repository's tsconfig.json. Other packages' files are read as empty (five times
 * faster): a name re-exported from one is still listed, but an `export *` of a package under
 * node_modules would list nothing (the entries have none; the workspace's own packages resolve to
 * their sources through tsconfig.json's paths).
 *
 * @example
 * ```js
 * exportNames(publicEntries()).get('@wallet-modal/wagmi') // ['WALLET_MODAL_CONNECTOR_ID', 'WalletModalConnectorOptions', 'walletModalConnector']
 * ```
 * @param entries - From {@link publicEntries}.
 * @param root - The folder of the tsconfig.json (default: this repository).
 * @returns The sorted names by entry name.
 */
export function exportNames(entries, root = ROOT) {
  const configPath = join(root, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, ts.sys.readFile)
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'))
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath)
  const host = ts.createCompilerHost(options)
  const readSource = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName.includes('/node_modules/') ? ts.createSourceFile(fileName, 'export {}', language) : readSource(fileName, language, ...rest)
  const program = ts.createProgram({ rootNames: entries.map(e => e.source), options: { ...options, noEmit: true, noLib: true, types: [] }, host })
  const checker = program.getTypeChecker()
  const names = new Map()
  for (const entry of entries) {
    const file = program.getSourceFile(entry.source)
    const module = file && checker.getSymbolAtLocation(file)
    if (!module) throw new Error(`TypeScript does not see ${entry.source} as a module`)
    names.set(
      entry.name,
      checker
        .getExportsOfModule(module)
        .map(s => s.getName())
        .sort()
    )
  }
  return names
}
