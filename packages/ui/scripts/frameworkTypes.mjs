// Writes the opt-in framework typings of <wallet-modal> and <connect-button> from the package's
// custom-elements.json (the one description of the elements' attributes, properties and events):
//   dist/types/frameworks/react.d.ts   React 19 JSX (`declare module 'react'`)
//   dist/types/frameworks/vue.d.ts     Vue's GlobalComponents
//   dist/types/frameworks/svelte.d.ts  Svelte 5's svelte/elements
// Each is its own package entry (`@wallet-modal/ui/react`, `/vue`, `/svelte`), so importing the
// package never changes a site's JSX: a site opts in with `import type {} from '@wallet-modal/ui/vue'`.
// Run by scripts/build.mjs after the declarations; `node packages/ui/scripts/frameworkTypes.mjs`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const HEADER = '// Generated from custom-elements.json by scripts/frameworkTypes.mjs: do not edit.\n'
const camel = name => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())
const pascal = name => camel(name).replace(/^./, c => c.toUpperCase())
// `core` is typed `WalletModal | undefined` as a property; as a template binding it is optional.
const propType = text => text.replace(/\s*\|\s*undefined$/, '')

/**
 * The elements of a Custom Elements Manifest 2.x: tag, class name, properties (the fields; an
 * attribute-backed field also answers to its attribute's name) and events.
 * @param {any} manifest
 */
export function elementsOf(manifest) {
  return manifest.modules.flatMap(m =>
    m.declarations
      .filter(d => d.customElement)
      .map(d => ({
        tag: d.tagName,
        className: d.name,
        props: (d.members ?? []).filter(f => f.kind === 'field').map(f => ({ name: f.name, attribute: f.attribute, type: propType(f.type.text), description: f.description })),
        events: (d.events ?? []).map(e => ({ name: e.name, type: e.type.text, description: e.description }))
      }))
  )
}

const doc = text => (text ? `/** ${text.replace(/\*\//g, '*\\/')} */\n` : '')
const indent = (text, n) => text.split('\n').map(l => (l ? ' '.repeat(n) + l : l)).join('\n')
const members = lines => lines.map(l => indent(l, 0)).join('\n')

function reactTypes(elements) {
  const entries = elements.map(e => {
    const lines = [
      // React 19 sets a custom element's props as properties when the element has them, so the
      // property names are the ones to write (`core`, `loadingLabel`); attributes also work.
      ...e.props.map(p => `${doc(p.description)}${JSON.stringify(p.name)}?: ${p.type}`),
      ...e.props.filter(p => p.attribute && p.attribute !== p.name).map(p => `${doc(p.description)}${JSON.stringify(p.attribute)}?: ${p.type}`),
      // React 19 listens to `on<event name>` props of custom elements as events of that name.
      ...e.events.map(ev => `${doc(ev.description)}${JSON.stringify(`on${ev.name}`)}?: (event: ${ev.type}) => void`)
    ]
    return `${JSON.stringify(e.tag)}: DetailedHTMLProps<HTMLAttributes<${e.className}>, ${e.className}> & {\n${indent(members(lines), 2)}\n}`
  })
  return `${HEADER}import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { WalletModal } from '@wallet-modal/core'
import type { ${elements.map(e => e.className).join(', ')} } from '../exports/index.js'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${indent(entries.join('\n'), 6)}
    }
  }
}
export type { WalletModal }
`
}

function vueTypes(elements) {
  const entries = elements.map(e => {
    const lines = [
      ...e.props.map(p => `${doc(p.description)}${p.name}?: ${p.type}`),
      // A template's `@wm-connect` listens through the prop `onWmConnect`.
      ...e.events.map(ev => `${doc(ev.description)}on${pascal(ev.name)}?: (event: ${ev.type}) => void`)
    ]
    return `${JSON.stringify(e.tag)}: DefineComponent<{\n${indent(members(lines), 2)}\n}>`
  })
  return `${HEADER}import type { DefineComponent } from 'vue'
import type { WalletModal } from '@wallet-modal/core'

declare module 'vue' {
  interface GlobalComponents {
${indent(entries.join('\n'), 4)}
  }
}
export type { WalletModal }
`
}

function svelteTypes(elements) {
  const entries = elements.map(e => {
    const lines = [
      // Svelte 5 sets a property when the element has one (`core={modal}`), else an attribute.
      ...e.props.map(p => `${doc(p.description)}${JSON.stringify(p.name)}?: ${p.type}`),
      ...e.props.filter(p => p.attribute && p.attribute !== p.name).map(p => `${doc(p.description)}${JSON.stringify(p.attribute)}?: ${p.type}`),
      // `onwm-connect={handler}` listens to the event `wm-connect`.
      ...e.events.map(ev => `${doc(ev.description)}${JSON.stringify(`on${ev.name}`)}?: (event: ${ev.type}) => void`)
    ]
    return `${JSON.stringify(e.tag)}: HTMLAttributes<${e.className}> & {\n${indent(members(lines), 2)}\n}`
  })
  return `${HEADER}import type { HTMLAttributes } from 'svelte/elements'
import type { WalletModal } from '@wallet-modal/core'
import type { ${elements.map(e => e.className).join(', ')} } from '../exports/index.js'

declare module 'svelte/elements' {
  export interface SvelteHTMLElements {
${indent(entries.join('\n'), 4)}
  }
}
export type { WalletModal }
`
}

/**
 * The three typings files for a manifest.
 * @param {any} manifest
 * @returns {{ react: string, vue: string, svelte: string }}
 */
export function frameworkTypes(manifest) {
  const elements = elementsOf(manifest)
  return { react: reactTypes(elements), vue: vueTypes(elements), svelte: svelteTypes(elements) }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = new URL('../', import.meta.url)
  const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', pkg), 'utf8'))
  const out = new URL('dist/types/frameworks/', pkg)
  mkdirSync(out, { recursive: true })
  for (const [name, text] of Object.entries(frameworkTypes(manifest))) writeFileSync(new URL(`${name}.d.ts`, out), text)
  // The entries' JavaScript: nothing (a site imports them as types; a plain import must still resolve).
  writeFileSync(new URL('dist/frameworks.js', pkg), 'export {}\n')
}
