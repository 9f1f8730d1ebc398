// `npm run docs`: builds the documentation site into docs/.vitepress/dist (DOCS_OUT_DIR and
// DOCS_CACHE_DIR to change; DOCS_BASE is the URL path it is served under, /docs/ by default as
// `npm start` serves it). First the generated pages: the API reference (TypeDoc, from the TypeScript sources of every
// public package entry: no build needed) into docs/api/, and the root CHANGELOG.md as
// docs/changelog.md; then `vitepress build docs`, which fails on a link to a missing page.
// `node scripts/docs.mjs dev` generates the same pages and starts VitePress's dev server instead
// (http://127.0.0.1:5174/docs/, DOCS_PORT to change).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { Application, Converter, LogLevel, ReflectionKind } from 'typedoc'
import { GENERATED_DOCS } from './generatedDocs.mjs'
import { githubSlug } from './githubSlug.mjs'
import { inputsDigest, recordBuilt, unchanged } from './inputsStamp.mjs'
import { publicEntries, ROOT } from './publicEntries.mjs'
import { vitepressSlug } from './vitepressSlug.mjs'

const DOCS = join(ROOT, 'docs')
const API_DIR = join(DOCS, GENERATED_DOCS.apiDir)
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)

/**
 * Writes the API reference: one module per public entry, named by its import specifier
 * (`@wallet-modal/ui/boot`), one page per module. TypeDoc's errors are printed as they come and
 * fail the build; its warnings are printed once each at the end (with how many times it was
 * said: "id has multiple declarations" comes once per type sharing the property). Those about what
 * the packages do not export are summed up in two lines, one naming the types the API uses ("X,
 * defined in ..., is referenced by Y but not included": the reference shows their name), one the
 * doc comments' `{@link}`s to internals (shown as text): deciding what to export is the packages'
 * business, and these are the places to look at when it is.
 *
 * @returns The number of errors, and the entries documented.
 */
async function writeApiReference() {
  const entries = publicEntries()
  const nameOf = new Map(entries.map(e => [e.source, e.name]))
  const notExported = new Set()
  const notExportedLinks = new Set()
  const warnings = new Map()
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map(e => e.source),
    tsconfig: join(ROOT, 'tsconfig.json'),
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out: API_DIR,
    docsRoot: DOCS,
    name: 'API reference',
    hideBreadcrumbs: true,
    // Each symbol gets an <a id> of TypeDoc's own naming next to its heading: TypeDoc's links use those
    // names, and numbers namesakes (`connectortype-1`) in an order VitePress's heading ids do not follow.
    useHTMLAnchors: true,
    router: 'module',
    readme: 'none',
    entryFileName: 'index.md',
    cleanOutputDir: true,
    // Types are checked by `npm run typecheck`; here a work-in-progress error elsewhere must not
    // stop the docs, and checking would double the time.
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    // Not the members a custom element inherits from HTMLElement (lib.dom), nor other packages' own.
    excludeExternals: true,
    excludeScopesInPaths: true,
    githubPages: false,
    disableSources: true,
    hideGenerator: true,
    sort: ['kind', 'alphabetical'],
    validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: false, unusedMergeModuleWith: true },
    sidebar: { autoConfiguration: true, collapsed: true, pretty: true },
    logLevel: LogLevel.Warn
  })
  // The modules' names: the package specifier a site imports, not a path in the repository.
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName
    const name = file && nameOf.get(file)
    if (name) reflection.name = name
  })
  // Warnings reach `warn` as TypeDoc's own text (`log` gets it with a coloured prefix).
  const warn = app.logger.warn.bind(app.logger)
  app.logger.warn = (text, ...args) => {
    const message = String(text)
    const missing = /^(.+), defined in .*, is referenced by .* but not included in the documentation/.exec(message)
    const linked = /^The comment for (.+) links to "(.+)" which was resolved but is not included in the documentation/.exec(message)
    if (missing) notExported.add(missing[1])
    else if (linked) notExportedLinks.add(`${linked[1]} → ${linked[2]}`)
    else warnings.set(message, { args, times: (warnings.get(message)?.times ?? 0) + 1 })
  }
  const project = await app.convert()
  if (!project) throw new Error('TypeDoc could not convert the public entries')
  app.validate(project)
  await app.generateOutputs(project)
  for (const [message, { args, times }] of warnings) warn(times > 1 ? `${message} (${times} times)` : message, ...args)
  if (notExported.size > 0)
    console.warn(`docs: ${notExported.size} types used by the public API are not exported (shown by name only): ${[...notExported].sort().join(', ')}`)
  if (notExportedLinks.size > 0)
    console.warn(`docs: ${notExportedLinks.size} doc comments link to what is not exported (shown as text): ${[...notExportedLinks].sort().join(', ')}`)
  return { errors: app.logger.errorCount, entries }
}

/** The Markdown files under `dir`, recursively, as absolute paths. */
function markdownUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []
  )
}

/**
 * The anchors a generated page offers on the site: its `<a id>`s (TypeDoc's names, see
 * `useHTMLAnchors`) and its headings' ids as VitePress makes them (namesakes numbered `-1`, `-2`).
 */
function anchorsOf(markdown) {
  const anchors = new Set([...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map(m => m[1]))
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1]
    if (!heading) continue
    const base = vitepressSlug(heading.replace(/\\(.)/g, '$1').replace(/`/g, ''))
    let slug = base
    for (let i = 1; anchors.has(slug); i++) slug = `${base}-${i}`
    anchors.add(slug)
  }
  return anchors
}

/**
 * Unlinks the API reference's links to an anchor its pages do not have, keeping their text, and
 * says which: a link TypeDoc resolves to a symbol it then does not render (`ConnectButton.Custom`,
 * a property assigned to a function) would otherwise lead nowhere.
 */
function unlinkDanglingAnchors() {
  const pages = new Map(markdownUnder(API_DIR).map(file => [file, readFileSync(file, 'utf8')]))
  const anchors = new Map([...pages].map(([file, text]) => [file, anchorsOf(text)]))
  const dropped = []
  for (const [file, text] of pages) {
    const fixed = text.replace(/\[([^\]]*)\]\(([^)#\s]*)#([^)\s]+)\)/g, (link, label, path, anchor) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return link
      const target = path ? resolve(dirname(file), decodeURI(path)) : file
      // Another page of the site: VitePress checks the page, the docs' test the anchor.
      if (!anchors.has(target) || anchors.get(target).has(decodeURIComponent(anchor))) return link
      dropped.push(`${relative(DOCS, file)}: ${label} (#${anchor})`)
      return label
    })
    if (fixed !== text) writeFileSync(file, fixed)
  }
  if (dropped.length > 0) console.warn(`docs: unlinked ${dropped.length} links to symbols the reference does not show: ${[...new Set(dropped)].join(', ')}`)
}

/**
 * Links the API reference's "spec §N" (doc comments citing a rule of the specification, which is
 * not published) to that section of docs/SPEC-COVERAGE.md, where each rule is listed with where it
 * is implemented and tested. Not inside code.
 */
function linkSpecSections() {
  const coverage = join(DOCS, 'SPEC-COVERAGE.md')
  const sections = new Map()
  for (const [, heading, number] of readFileSync(coverage, 'utf8').matchAll(/^## (§(\d+) .*)$/gm)) sections.set(number, githubSlug(heading))
  for (const file of markdownUnder(API_DIR)) {
    const text = readFileSync(file, 'utf8')
    const to = relative(dirname(file), coverage).split(sep).join('/')
    let fenced = false
    const lines = text.split('\n').map(line => {
      if (/^\s*```/.test(line)) fenced = !fenced
      if (fenced) return line
      // Odd parts are inline code.
      return line
        .split(/(`[^`]*`)/)
        .map((part, i) =>
          i % 2 === 1
            ? part
            : part.replace(/\b([Ss]pec(?:'s)? )§(\d+)/g, (cited, spec, n) => (sections.has(n) ? `${spec}[§${n}](${to}#${sections.get(n)})` : cited))
        )
        .join('')
    })
    if (lines.join('\n') !== text) writeFileSync(file, lines.join('\n'))
  }
}

/**
 * Copies the root CHANGELOG.md into the site: its links, relative to the repository's root, made
 * relative to docs/ (`docs/performance.md` becomes `performance.md`).
 */
function writeChangelog() {
  const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8').replace(/\]\((?![a-z][a-z0-9+.-]*:|#|\/)([^)\s]+)\)/gi, (_, target) => {
    return `](${relative(DOCS, join(ROOT, target)).split(sep).join('/')})`
  })
  writeFileSync(join(DOCS, GENERATED_DOCS.changelog), `<!-- Generated by scripts/docs.mjs from CHANGELOG.md: edit that file. -->\n\n${changelog}`)
}

// `--if-changed` (what `npm start` passes): no build when neither the pages, the sources the API
// reference is read from, nor this script changed since the last build (scripts/inputsStamp.mjs).
const building = process.argv[2] !== 'dev' && !process.env.DOCS_OUT_DIR
const digest = building
  ? inputsDigest(
      p => /^(docs|packages\/[^/]+\/src|scripts)\//.test(p) || /^(packages\/[^/]+\/package\.json|CHANGELOG\.md|tsconfig\.json|package-lock\.json)$/.test(p)
    )
  : undefined
if (process.argv.includes('--if-changed') && unchanged('docs', digest, ['docs/.vitepress/dist/index.html'])) {
  console.log('docs: nothing changed since the last build; `npm run docs` rebuilds anyway')
  process.exit(0)
}

rmSync(API_DIR, { recursive: true, force: true })
const api = await writeApiReference()
linkSpecSections()
unlinkDanglingAnchors()
writeChangelog()
console.log(`docs: API reference of ${api.entries.length} entries in ${relative(ROOT, API_DIR)}/ (${seconds()} s)`)
if (api.errors > 0) {
  console.error(`docs: TypeDoc reported ${api.errors} errors`)
  process.exit(1)
}

const vitepress = await import('vitepress')
if (process.argv[2] === 'dev') {
  // Not 5173, the demo's port: both may run at once.
  const server = await vitepress.createServer(DOCS, { host: '127.0.0.1', port: Number(process.env.DOCS_PORT ?? 5174) })
  await server.listen()
  server.printUrls()
} else {
  await vitepress.build(DOCS)
  recordBuilt('docs', digest)
  console.log(`docs: built in ${seconds()} s`)
}
