// The documentation site (VitePress): the pages of docs/ as they read on GitHub, the changelog,
// and the API reference TypeDoc writes into docs/api/. Built by `npm run docs` (scripts/docs.mjs),
// which generates those two first; served by `npm start` at /docs/. Works offline: local search,
// the theme's bundled font, no script or style from another origin.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type DefaultTheme } from 'vitepress'
import { GENERATED_DOCS } from '../../scripts/generatedDocs.mjs'
import { githubSlug } from '../../scripts/githubSlug.mjs'
import { vitepressSlug } from '../../scripts/vitepressSlug.mjs'

const DOCS = fileURLToPath(new URL('../', import.meta.url))
const ROOT = resolve(DOCS, '..')
/** The root CHANGELOG.md, outside the site: scripts/docs.mjs copies it to this page. */
const CHANGELOG_PAGE = GENERATED_DOCS.changelog
/** The pages TypeDoc generates (scripts/docs.mjs): anchors in VitePress's own style there. */
const API_DIR = GENERATED_DOCS.apiDir

/** The site's pages, relative to docs/ (Markdown files outside .vitepress and node_modules). */
function pagesUnder(dir: string): string[] {
  return readdirSync(join(DOCS, dir), { withFileTypes: true }).flatMap(entry => {
    const path = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) return entry.name.startsWith('.') || entry.name === 'node_modules' ? [] : pagesUnder(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** A page's sidebar link: `/guide/react` for guide/react.md, `/self-hosting/` for its index. */
const linkOf = (page: string) => `/${page.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`

/**
 * The sidebar groups of docs/index.md: one per `##` section, the pages it links in its order (each
 * once, the first link's text as title), so the site's menu is the GitHub index's.
 */
function indexGroups(): DefaultTheme.SidebarItem[] {
  const groups: DefaultTheme.SidebarItem[] = []
  const listed = new Set<string>()
  let items: DefaultTheme.SidebarItem[] | undefined
  for (const line of readFileSync(join(DOCS, 'index.md'), 'utf8').split('\n')) {
    const section = /^## (.+)$/.exec(line)?.[1]
    if (section) groups.push({ text: section, items: (items = []) })
    if (!items) continue
    for (const [, text, target] of line.matchAll(/\[([^\]]+)\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue
      const path = relative(DOCS, resolve(DOCS, target!))
      const page = path === '../CHANGELOG.md' ? CHANGELOG_PAGE : path
      if (listed.has(page)) continue
      listed.add(page)
      items.push({ text: text!, link: linkOf(page) })
    }
  }
  return groups
}

/** The API reference's menu, written by typedoc-vitepress-theme (absent before `npm run docs`). */
function apiItems(): DefaultTheme.SidebarItem[] {
  const file = join(DOCS, API_DIR, 'typedoc-sidebar.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[]) : []
}

/** The sidebar: docs/index.md's groups, the API reference, then any page the index does not link. */
function sidebar(): DefaultTheme.SidebarItem[] {
  const groups = indexGroups()
  const linked = new Set(groups.flatMap(g => g.items ?? []).map(i => i.link))
  const api = apiItems()
  const others = pagesUnder('')
    .filter(page => page !== 'index.md' && !page.startsWith(`${API_DIR}/`))
    .map(page => ({ text: titleOf(page), link: linkOf(page) }))
    .filter(item => !linked.has(item.link))
  return [
    ...groups,
    ...(api.length > 0 ? [{ text: 'API reference', link: `/${API_DIR}/`, collapsed: false, items: api }] : []),
    ...(others.length > 0 ? [{ text: 'More', items: others }] : [])
  ]
}

/** A page's H1. */
function titleOf(page: string): string {
  return /^# (.+)$/m.exec(readFileSync(join(DOCS, page), 'utf8'))?.[1]?.replace(/`/g, '') ?? page
}

/** Where an href of a page in `pageDir` (absolute) points at the root CHANGELOG.md: the copy's. */
function changelogHref(href: string, pageDir: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return undefined
  const hash = href.indexOf('#')
  const path = hash < 0 ? href : href.slice(0, hash)
  if (resolve(pageDir, decodeURIComponent(path)) !== join(ROOT, 'CHANGELOG.md')) return undefined
  return relative(pageDir, join(DOCS, CHANGELOG_PAGE)) + (hash < 0 ? '' : href.slice(hash))
}

const base = process.env.DOCS_BASE ?? '/docs/'

export default defineConfig({
  title: 'wallet-modal',
  description: 'A framework-agnostic, self-hostable wallet-connection modal (web components).',
  lang: 'en',
  base: base.endsWith('/') ? base : `${base}/`,
  outDir: process.env.DOCS_OUT_DIR ?? '.vitepress/dist',
  cacheDir: process.env.DOCS_CACHE_DIR ?? '.vitepress/cache',
  cleanUrls: false,
  // A link to a page that does not exist fails the build.
  ignoreDeadLinks: false,
  // The site's data in a script file rather than an inline script: fewer hashes in a strict CSP.
  metaChunk: true,
  lastUpdated: false,
  // The light/dark switch without the `<style>` element VueUse adds for a moment to pause
  // transitions: the docs' CSP allows no inline style element (a transition may show instead).
  appearance: { disableTransition: false },
  // Expected sizes: a page's chunk holds its HTML (the API reference's biggest are some hundred
  // KB) and the search index is one chunk (about 1 MB), fetched when the search box first opens.
  vite: { build: { chunkSizeWarningLimit: 2048 } },
  markdown: {
    // GitHub's ids on the hand-written pages, so `page.md#anchor` links work on GitHub and here.
    anchor: {
      slugifyWithState: (title, state) =>
        (state.env as { relativePath?: string }).relativePath?.startsWith(`${API_DIR}/`) ? vitepressSlug(title) : githubSlug(title)
    },
    config(md) {
      // Links to the root CHANGELOG.md (right on GitHub) lead to its copy on the site.
      md.core.ruler.push('wm-changelog-links', state => {
        const path = (state.env as { path?: string }).path
        if (!path) return
        for (const token of state.tokens)
          for (const child of token.children ?? []) {
            const href = child.type === 'link_open' ? child.attrGet('href') : null
            const to = href ? changelogHref(href, dirname(path)) : undefined
            if (to !== undefined) child.attrSet('href', to)
          }
      })
    }
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Features', link: '/features/send-receive-activity' },
      { text: 'Self-hosting', link: '/self-hosting/' },
      { text: 'API', link: `/${API_DIR}/` },
      { text: 'Changelog', link: `/${CHANGELOG_PAGE.replace(/\.md$/, '')}` }
    ],
    sidebar: sidebar(),
    outline: { level: [2, 3] },
    // minisearch in the browser over an index built with the site: no search service.
    search: { provider: 'local' }
  }
})
