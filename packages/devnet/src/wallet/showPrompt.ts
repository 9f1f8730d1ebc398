/** What a consent prompt shows. */
export interface PromptContent {
  /** One sentence, e.g. "Devnet Wallet: http://127.0.0.1:5173 wants to connect". */
  title: string
  /** Extra lines (account, message, transaction), shown in a monospace box. */
  details?: readonly string[]
}

const STYLES = `
:host {
  position: fixed;
  top: 16px;
  right: 16px;
  width: min(340px, calc(100vw - 32px));
  pointer-events: none;
}
dialog {
  pointer-events: auto;
  position: fixed;
  inset: 16px 16px auto auto;
  margin: 0;
  box-sizing: border-box;
  width: 340px;
  max-width: calc(100vw - 32px);
  padding: 16px;
  border: 1px solid #c9c1f2;
  border-radius: 12px;
  background: #ffffff;
  color: #1b1530;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  box-shadow: 0 12px 32px rgba(27, 21, 48, 0.25);
}
dialog::backdrop { background: rgba(27, 21, 48, 0.12); }
.title { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.details {
  margin: 10px 0 0;
  padding: 8px;
  max-height: 160px;
  overflow: auto;
  border-radius: 6px;
  background: #f3f1fc;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
}
.actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 14px; }
button {
  font: inherit;
  padding: 6px 16px;
  border-radius: 8px;
  border: 1px solid #5b3fd6;
  background: #ffffff;
  color: #3d2a99;
  cursor: pointer;
}
button.approve { background: #5b3fd6; color: #ffffff; }
button:focus-visible { outline: 2px solid #1b1530; outline-offset: 2px; }
`

// One constructed sheet per document, shared by its prompts (a sheet can only be adopted in the
// document that made it). Constructed sheets are CSSOM, which a strict `style-src 'self'` CSP
// allows, unlike a <style> element or a style attribute.
const sheets = new WeakMap<Document, CSSStyleSheet>()

/**
 * Shows the Devnet Wallet's consent prompt and resolves `true` for Approve, `false` for Reject
 * (or Escape). The stand-in for an extension's popup window.
 *
 * The prompt lives in its own open shadow root on a `<div data-testid="devnet-wallet-prompt">`
 * appended to `document.body`, so page styles cannot reach it and it never touches
 * `document.head`. It opens as a modal `<dialog>`: the top layer puts it above any page overlay,
 * and it stays clickable even if the page itself has a modal dialog open. Closing returns focus to
 * where it was. Only `textContent` is used for the (site-controlled) text. The buttons are named
 * exactly "Approve" and "Reject"; Reject comes first so Enter on the initial focus is the safe answer.
 *
 * @param content - The sentence and detail lines to show.
 * @param doc - The document to show it in.
 */
export function showPrompt(content: PromptContent, doc: Document): Promise<boolean> {
  return new Promise(resolve => {
    const host = doc.createElement('div')
    host.setAttribute('data-testid', 'devnet-wallet-prompt')
    const root = host.attachShadow({ mode: 'open' })
    applyStyles(root, doc)

    const dialog = doc.createElement('dialog')
    dialog.setAttribute('aria-labelledby', 'devnet-wallet-title')
    const title = doc.createElement('p')
    title.id = 'devnet-wallet-title'
    title.className = 'title'
    title.textContent = content.title
    dialog.append(title)
    if (content.details?.length) {
      const details = doc.createElement('pre')
      details.className = 'details'
      details.textContent = content.details.join('\n')
      dialog.append(details)
    }
    const actions = doc.createElement('div')
    actions.className = 'actions'
    const reject = button(doc, 'Reject', 'reject')
    const approve = button(doc, 'Approve', 'approve')
    actions.append(reject, approve)
    dialog.append(actions)
    root.append(dialog)

    let settled = false
    const finish = (approved: boolean): void => {
      if (settled) return
      settled = true
      if (dialog.open) dialog.close()
      host.remove()
      resolve(approved)
    }
    approve.addEventListener('click', () => finish(true))
    reject.addEventListener('click', () => finish(false))
    // Escape closes an extension popup, which rejects the request.
    dialog.addEventListener('cancel', event => {
      event.preventDefault()
      finish(false)
    })

    doc.body.append(host)
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    // The modal dialog is drawn in the top layer, leaving the host an empty box that tools such
    // as Playwright would call hidden. Give the host the dialog's height (the stylesheet already
    // puts it at the same place and width).
    host.style.height = `${Math.ceil(dialog.getBoundingClientRect().height)}px`
  })
}

function button(doc: Document, label: 'Approve' | 'Reject', className: string): HTMLButtonElement {
  const element = doc.createElement('button')
  element.type = 'button'
  element.className = className
  element.textContent = label
  return element
}

function applyStyles(root: ShadowRoot, doc: Document): void {
  const view = doc.defaultView
  if (view && 'adoptedStyleSheets' in root && 'replaceSync' in view.CSSStyleSheet.prototype) {
    let sheet = sheets.get(doc)
    if (!sheet) {
      sheet = new view.CSSStyleSheet()
      sheet.replaceSync(STYLES)
      sheets.set(doc, sheet)
    }
    root.adoptedStyleSheets = [sheet]
    return
  }
  // Older engines: a <style> in the shadow root (blocked by a strict CSP, but those engines are
  // not what the tests use).
  const style = doc.createElement('style')
  style.textContent = STYLES
  root.append(style)
}
