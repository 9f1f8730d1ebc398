// custom-elements.json against the real, registered elements: every attribute, property, event,
// CSS part and CSS custom property the manifest lists exists, and every one that exists is listed.
// The elements are asked (observedAttributes, accessors on their prototypes, what they dispatch,
// what their shadow roots render and adopt); a scan of the ui's sources finds the parts and custom
// properties of views this test does not open.
import { expect } from 'chai'
import type { ModalEvent } from '@wallet-modal/core'
import { cleanup, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { DOM_EVENTS } from './WalletModalElement.js'

interface Declaration {
  tagName: string
  attributes: { name: string; fieldName?: string }[]
  members: { kind: string; name: string; attribute?: string }[]
  events: { name: string; type: { text: string } }[]
  cssProperties: { name: string }[]
  cssParts: { name: string }[]
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort()
let declarations: Map<string, Declaration>

before(async () => {
  // The web test runner serves the repository: the file the package publishes, as it is.
  const manifest = (await (await fetch('/packages/ui/custom-elements.json')).json()) as {
    schemaVersion: string
    modules: { declarations: Declaration[]; exports: { kind: string; name: string }[] }[]
  }
  expect(manifest.schemaVersion).to.match(/^2\./)
  declarations = new Map(manifest.modules.flatMap(m => m.declarations).map(d => [d.tagName, d]))
  const definitions = manifest.modules.flatMap(m => m.exports).filter(e => e.kind === 'custom-element-definition')
  expect(sorted(definitions.map(d => d.name))).to.deep.equal(['connect-button', 'wallet-modal'])
})

/** Names of the accessors the element's classes define above HTMLElement (r2wc's props and `core`). */
function accessors(tag: string): string[] {
  const names: string[] = []
  for (let proto = customElements.get(tag)!.prototype; proto && proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) if (d.get && d.set) names.push(name)
  }
  return sorted(names)
}

/** The `--wm-*` custom properties read by the stylesheets a shadow root adopted. */
const customPropertiesOf = (root: ShadowRoot): string[] =>
  sorted(root.adoptedStyleSheets.flatMap(s => [...s.cssRules].flatMap(r => [...r.cssText.matchAll(/var\((--wm-[a-z0-9-]+)/g)].map(m => m[1]!))))

/** Every value of `part` rendered in a shadow root. */
const partsOf = (root: ShadowRoot): string[] => sorted([...root.querySelectorAll('[part]')].flatMap(e => e.getAttribute('part')!.split(/\s+/)))

describe('custom-elements.json', () => {
  afterEach(cleanup)

  for (const tag of ['wallet-modal', 'connect-button']) {
    it(`lists exactly the attributes and properties of <${tag}>`, async () => {
      await makeModal()
      const d = declarations.get(tag)!
      expect(sorted(d.attributes.map(a => a.name)), 'attributes').to.deep.equal(
        sorted(
          (customElements.get(tag) as unknown as { observedAttributes: string[] }).observedAttributes.map(a => a.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`))
        )
      )
      expect(sorted(d.members.filter(m => m.kind === 'field').map(m => m.name)), 'properties').to.deep.equal(accessors(tag))
      // Each attribute-backed property answers to its attribute.
      for (const a of d.attributes) {
        const el = document.createElement(tag)
        document.body.append(el)
        el.setAttribute(a.name, 'dark')
        await waitFor(() => (el as unknown as Record<string, unknown>)[a.fieldName!] === 'dark', 2000, `${tag}.${a.fieldName} from [${a.name}]`)
        el.remove()
      }
    })
  }

  it('lists exactly the events <wallet-modal> dispatches, with their detail', async () => {
    const modal = await makeModal()
    const el = await waitFor(() => document.querySelector('wallet-modal'))
    const d = declarations.get('wallet-modal')!
    expect(sorted(d.events.map(e => e.name))).to.deep.equal(sorted(Object.values(DOM_EVENTS)))
    // Every core event, once: what reaches the element is what the manifest says, detail keys included.
    const samples: ModalEvent[] = [
      { type: 'MODAL_OPEN', data: { connected: false } },
      { type: 'MODAL_CLOSE', data: { connected: false } },
      { type: 'CONNECT_SUCCESS', data: { connectorId: 'injected', address: '0x1', caipNetworkId: 'eip155:1', namespace: 'eip155' } },
      { type: 'CONNECT_ERROR', data: { connectorId: 'injected', code: 'USER_REJECTED', message: 'no' } },
      { type: 'DISCONNECT_SUCCESS', data: { namespaces: ['eip155'] } },
      { type: 'ACCOUNT_CHANGED', data: { address: '0x2', namespace: 'eip155' } },
      { type: 'SWITCH_NETWORK', data: { caipNetworkId: 'eip155:1', supported: true } },
      { type: 'SEND_SUCCESS', data: { caipNetworkId: 'eip155:1', hash: '0x', token: 'ETH', amount: '1', to: '0x3' } },
      { type: 'SEND_ERROR', data: { caipNetworkId: 'eip155:1', code: 'X', message: 'x' } },
      { type: 'SWAP_SUCCESS', data: { caipNetworkId: 'eip155:1', hash: '0x', from: 'ETH', to: 'DUSD', fromAmount: '1', toAmount: '2' } },
      { type: 'SWAP_ERROR', data: { caipNetworkId: 'eip155:1', code: 'X', message: 'x' } },
      { type: 'SIWX_AUTH_SUCCESS', data: { address: '0x1', caipNetworkId: 'eip155:1' } },
      { type: 'SIWX_AUTH_ERROR', data: { code: 'X', message: 'x' } },
      { type: 'ERROR', data: { code: 'X', message: 'x' } },
      { type: 'SOCIAL_LOGIN_STARTED', data: { provider: 'google' } },
      { type: 'SOCIAL_LOGIN_REQUEST_USER_DATA', data: { provider: 'google' } },
      { type: 'SOCIAL_LOGIN_SUCCESS', data: { provider: 'google' } },
      { type: 'SOCIAL_LOGIN_ERROR', data: { provider: 'google', code: 'X', message: 'x' } }
    ]
    const seen: { name: string; detail: unknown; bubbles: boolean; composed: boolean }[] = []
    const dispatch = el.dispatchEvent.bind(el)
    el.dispatchEvent = (e: Event) => {
      seen.push({ name: e.type, detail: (e as CustomEvent).detail, bubbles: e.bubbles, composed: e.composed })
      return dispatch(e)
    }
    try {
      for (const sample of samples) modal.events.emit(sample)
    } finally {
      delete (el as { dispatchEvent?: unknown }).dispatchEvent
    }
    // Nothing dispatched is missing from the manifest, and everything listed was dispatched.
    expect(sorted(seen.map(s => s.name))).to.deep.equal(sorted(d.events.map(e => e.name)))
    for (const s of seen) {
      expect(s.bubbles && s.composed, `${s.name} bubbles out of the shadow root`).to.equal(true)
      const text = d.events.find(e => e.name === s.name)!.type.text
      // The detail's keys are among the keys the manifest's type names (a union lists several).
      for (const key of Object.keys(s.detail as object)) expect(text, `${s.name}.detail.${key}`).to.include(`${key}:`)
    }
  })

  it('lists the CSS parts and custom properties the elements render and read', async () => {
    const modal = await makeModal()
    const button = document.createElement('connect-button')
    document.body.append(button)
    const buttonRoot = await waitFor(() => (button.shadowRoot?.querySelector('button') ? button.shadowRoot : undefined))
    const b = declarations.get('connect-button')!
    expect(partsOf(buttonRoot)).to.deep.equal(sorted(b.cssParts.map(p => p.name)))
    expect(customPropertiesOf(buttonRoot)).to.deep.equal(sorted(b.cssProperties.map(p => p.name)))

    modal.open()
    await waitFor(() => modalRoot().querySelector('[role="dialog"] [part~="header"]'), 5000, 'the dialog')
    const m = declarations.get('wallet-modal')!
    const listedParts = sorted(m.cssParts.map(p => p.name))
    const listedProperties = sorted(m.cssProperties.map(p => p.name))
    // What Connect renders and reads is listed (the footer shows only when a project turns it on).
    for (const part of partsOf(modalRoot())) expect(listedParts, `part ${part}`).to.include(part)
    for (const part of ['overlay', 'dialog', 'header', 'body']) expect(partsOf(modalRoot()), `Connect renders part ${part}`).to.include(part)
    for (const property of customPropertiesOf(modalRoot())) expect(listedProperties, property).to.include(property)
  })

  it('lists every part and custom property the ui sources use, in any view', async () => {
    // The sources as the test runner serves them (compiled, strings kept): every module of the ui
    // that renders or styles something is reachable from these roots' static and lazy imports.
    const parts = new Set<string>()
    const properties = new Set<string>()
    const visited = new Set<string>()
    const visit = async (url: string): Promise<void> => {
      if (visited.has(url)) return
      visited.add(url)
      const text = await (await fetch(url)).text()
      for (const m of text.matchAll(/\bpart["']?\s*[:=]\s*["']([a-z -]+)["']/g)) for (const p of m[1]!.split(/\s+/)) parts.add(p)
      for (const m of text.matchAll(/var\((--wm-[a-z0-9-]+)/g)) properties.add(m[1]!)
      const imports = [...text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+|\/packages\/ui\/src\/[^"']+)["']/g)].map(
        m => new URL(m[1]!, url).href
      )
      await Promise.all(imports.filter(u => u.includes('/packages/ui/src/')).map(visit))
    }
    await visit(new URL('/packages/ui/src/exports/browser.ts', location.href).href)
    expect(visited.size, 'modules reached').to.be.greaterThan(50)
    const m = declarations.get('wallet-modal')!
    expect(sorted(parts)).to.deep.equal(sorted(m.cssParts.map(p => p.name)))
    expect(sorted(properties)).to.deep.equal(sorted(m.cssProperties.map(p => p.name)))
  })
})
