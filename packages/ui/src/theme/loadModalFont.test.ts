// The modal's font (spec §9, Inter; issue #42): a FontFace from the modal's own origin is added to
// document.fonts when the dialog first opens (not for the button), once; `fontUrl` points it
// elsewhere or (false) turns it off; a site's --wm-font-family or its own Inter face wins and
// nothing is fetched; a file that fails to load is dropped without an unhandled rejection (the
// page-wide check of test/wtr/unhandledRejections.js fails this file if one is left).
import { expect } from 'chai'
import { cleanup, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { loadModalFont, MODAL_FONT_FAMILY } from './loadModalFont.js'
import { interFontUrl } from './interFontUrl.js'

/** The faces named Inter in the page. */
const interFaces = (): FontFace[] => {
  const out: FontFace[] = []
  document.fonts.forEach(f => {
    if (f.family.replace(/["']/g, '') === MODAL_FONT_FAMILY) out.push(f)
  })
  return out
}

/** A host element in the page, removed by cleanup(). */
const host = (): HTMLElement => {
  const el = document.createElement('div')
  el.dataset.testHost = ''
  document.body.append(el)
  return el
}

/** A same-origin URL of the test server's fault endpoint, and how many requests reached it. */
const fault = (query: string) => {
  const key = `font-${crypto.randomUUID()}`
  return {
    url: `/__fault?key=${key}&${query}`,
    hits: async () => ((await (await fetch(`/__fault/hits?key=${key}`)).json()) as { hits: number }).hits
  }
}

/** Opens the modal and waits for its dialog. */
async function openDialog(modal: Awaited<ReturnType<typeof makeModal>>): Promise<void> {
  modal.open()
  await waitFor(() => modalRoot().querySelector('[role="dialog"]'), 10000, 'the dialog')
}

describe('the modal font (Inter)', () => {
  afterEach(() => cleanup())

  it("is added when the dialog first opens (not for the button), from the modal's own origin, loads, and is added once", async () => {
    // Font requests, seen by an observer (the page's resource timing buffer may be full by now).
    const fonts: string[] = []
    const observer = new PerformanceObserver(list => {
      for (const e of list.getEntries()) if (e.name.endsWith('.woff2')) fonts.push(e.name)
    })
    observer.observe({ type: 'resource' })
    try {
      const modal = await makeModal({ enableInjected: false, enableEIP6963: false })
      // The button paints with the system fonts: no face for it.
      const button = host()
      button.innerHTML = '<connect-button></connect-button>'
      await waitFor(() => button.querySelector('connect-button')?.shadowRoot?.querySelector('button'), 5000, 'the button')
      expect(interFaces(), 'no font before the dialog opens').to.have.length(0)
      await openDialog(modal)
      const [face] = await waitFor(() => (interFaces().length > 0 ? interFaces() : undefined), 5000, 'an Inter face')
      await face!.loaded
      expect(face!.status).to.equal('loaded')
      expect(face!.weight).to.equal('100 900')
      expect(face!.display).to.equal('swap')
      expect(document.fonts.check(`600 14px ${MODAL_FONT_FAMILY}`)).to.equal(true)
      // The file came from the page's own origin (here the test server's copy of the package).
      await waitFor(() => fonts.length > 0, 5000, 'the font request')
      expect(fonts).to.deep.equal([interFontUrl()])
      expect(new URL(fonts[0]!).origin).to.equal(location.origin)
      // Closed and opened again: the same face, nothing new.
      modal.close()
      await openDialog(modal)
      expect(interFaces()).to.deep.equal([face])
      expect(fonts).to.have.length(1)
    } finally {
      observer.disconnect()
    }
  })

  it('is not loaded with fontUrl: false, even when the dialog opens', async () => {
    const before = interFaces()
    const modal = await makeModal({ enableInjected: false, enableEIP6963: false, fontUrl: false })
    await openDialog(modal)
    expect(loadModalFont(host(), { fontUrl: false })).to.equal(undefined)
    expect(interFaces()).to.deep.equal(before)
  })

  it("is not loaded when the site sets --wm-font-family (themeVariables or CSS): the site's font wins", async () => {
    const before = interFaces()
    const viaTheme = fault('status=404')
    const modal = await makeModal({
      enableInjected: false,
      enableEIP6963: false,
      fontUrl: viaTheme.url,
      themeVariables: { '--wm-font-family': 'Georgia, serif' }
    })
    await openDialog(modal)
    const viaCss = fault('status=404')
    document.documentElement.style.setProperty('--wm-font-family', 'Georgia, serif')
    try {
      expect(loadModalFont(host(), { fontUrl: viaCss.url })).to.equal(undefined)
    } finally {
      document.documentElement.style.removeProperty('--wm-font-family')
    }
    expect(interFaces()).to.deep.equal(before)
    expect(await viaTheme.hits()).to.equal(0)
    expect(await viaCss.hits()).to.equal(0)
  })

  it("is not loaded when the page has an Inter face of its own: the site's serves the modal", async () => {
    const site = new FontFace(MODAL_FONT_FAMILY, `url("${interFontUrl()}") format("woff2")`)
    site.loaded.catch(() => {})
    document.fonts.add(site)
    try {
      const ours = fault('status=404')
      expect(loadModalFont(host(), { fontUrl: ours.url })).to.equal(undefined)
      expect(await ours.hits()).to.equal(0)
    } finally {
      document.fonts.delete(site)
    }
  })

  it("loads the site's fontUrl (relative to the page), and a file that fails is dropped quietly: the system fonts show", async () => {
    for (const query of ['status=404', 'mode=malformed']) {
      const file = fault(query)
      const face = loadModalFont(host(), { fontUrl: file.url })!
      expect(face, query).to.be.instanceOf(FontFace)
      // Our own handler has run once `loaded` settled: the face is out of document.fonts.
      await face.loaded.catch(() => {})
      await waitFor(() => face.status === 'error' && !interFaces().includes(face), 5000, `the ${query} face dropped`)
      expect(await file.hits(), query).to.equal(1)
      // Asked again (the dialog opened again): not fetched again.
      expect(loadModalFont(host(), { fontUrl: file.url })).to.equal(face)
      expect(await file.hits(), query).to.equal(1)
    }
  })

  it('refuses a fontUrl that is not http(s) or data:, without fetching anything', () => {
    const before = interFaces()
    const warn = console.warn
    const warnings: unknown[] = []
    console.warn = (...args: unknown[]) => void warnings.push(args[0])
    try {
      expect(loadModalFont(host(), { fontUrl: 'javascript:alert(1)' })).to.equal(undefined)
    } finally {
      console.warn = warn
    }
    expect(warnings).to.have.length(1)
    expect(interFaces()).to.deep.equal(before)
  })
})
