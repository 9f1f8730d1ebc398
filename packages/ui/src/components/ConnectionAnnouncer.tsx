import { useEffect, useState } from 'react'
import { subscribe } from 'valtio/vanilla'
import type { Core } from '@wallet-modal/core/internal'
import { useViewsT } from '../hooks/useViewsT.js'

/**
 * Says a connection's progress to screen readers, once each: "Connecting to X…" when a wallet is
 * asked, "Connected to X" when it connected. A failure is said by the view that shows it
 * (ConnectingExternal's live region, there from the start of the attempt), in the words it shows.
 * `set` gets the words when the region it fills is the one heard at that moment, else '' (so the
 * same words said again later are a change again): the dialog's region (`inDialog`) while the
 * dialog is open, since outside an `aria-modal` dialog the page is hidden from assistive
 * technology; else the region beside the dialog, which hears the success that closes the dialog in
 * the same step. The words differ from the visible "Connecting...", so a page's test that looks
 * for that text finds one element. Returns the unsubscribe.
 */
function announce(core: Core, inDialog: boolean, set: (words: string) => void): () => void {
  let connecting: string | undefined
  const t = core.i18n.t
  const name = (id: string) => core.connector.get(id)?.name ?? t('announce.yourWallet')
  // Decided after the step that said it: a success closes the dialog in that same step. The page's
  // region is written a frame later, once the closing modal dialog has left the top layer: while it
  // is modal, the rest of the page (this region too) is inert, and words written there go unsaid.
  const say = (words: string) =>
    queueMicrotask(() => {
      const now = core.modal.state.open === inDialog ? words : ''
      if (inDialog) set(now)
      else requestAnimationFrame(() => set(now))
    })
  const follow = () => {
    const id = core.connection.state.connectingId
    if (id && id !== connecting) say(t('announce.connecting', { wallet: name(id) }))
    connecting = id
  }
  // A connection asked for before this region came (its code is fetched as the dialog shows) is said too.
  follow()
  const offState = subscribe(core.connection.state, follow)
  const offEvents = core.events.subscribe(e => {
    if (e.type === 'CONNECT_SUCCESS') say(t('announce.connected', { wallet: name(e.data.connectorId) }))
    // Emptied on a failure, so that "Connecting to X…" of the next try is a change again. (An
    // event, not the connecting id going: valtio tells of that after this event's words.)
    else if (e.type === 'CONNECT_ERROR') say('')
  })
  return () => {
    offState()
    offEvents()
  }
}

/** The region beside the dialog, one per shadow root, made at the dialog's first showing and kept. */
const pageRegions = new WeakMap<ShadowRoot, { core: Core; region: HTMLElement; off: () => void }>()

function keepPageRegion(core: Core, root: ShadowRoot): void {
  let page = pageRegions.get(root)
  // Made once; it follows the element's core (a site may hand the element another one).
  if (page?.core !== core) {
    page?.off()
    const region = page?.region ?? document.createElement('div')
    region.setAttribute('role', 'status')
    region.className = 'wm-sr-only'
    // Its words are set only when they change: the same words set again could be said again.
    page = { core, region, off: announce(core, false, words => void (region.textContent !== words && (region.textContent = words))) }
    pageRegions.set(root, page)
  }
  // Outside React's tree, beside it; put back if a remount of the element's root cleared it.
  if (!page.region.isConnected) root.append(page.region)
}

/**
 * The connection's announcements (see `announce`): a polite live region inside the dialog,
 * rendered beside the snackbar, and, made here the first time and kept after the dialog closes,
 * one beside the dialog in `<wallet-modal>`'s shadow root. A region must be in the page before its
 * words change for a screen reader to say them. ConnectingExternal's visible "Connecting..." is
 * not in a live region, so it is not said twice.
 */
export function ConnectionAnnouncer({ core }: { core: Core }) {
  // Adds the lazy views' English strings, which the announcements are among (in the active language).
  useViewsT(core)
  const [words, setWords] = useState('')
  useEffect(() => announce(core, true, setWords), [core])
  return (
    <div
      ref={el => {
        const root = el?.getRootNode()
        if (root instanceof ShadowRoot) keepPageRegion(core, root)
      }}
      role="status"
      className="wm-sr-only"
    >
      {words}
    </div>
  )
}
