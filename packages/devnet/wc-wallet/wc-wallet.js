// The WalletConnect dev wallet's control page: talks to /wc-wallet/api/ on the same origin.
// Plain JavaScript, no build step. Every string from the server (dapp names, URLs, log details
// come from whatever dapp paired) is put in the page with textContent, never as HTML.

const API = new URL('api/', document.baseURI)
const POLL_MS = 1500

const $ = id => /** @type {HTMLElement} */ (document.getElementById(id))
const form = /** @type {HTMLFormElement} */ ($('pair-form'))
const uriInput = /** @type {HTMLTextAreaElement} */ ($('uri'))
const pairButton = /** @type {HTMLButtonElement} */ ($('pair'))
const statusBox = $('status')
const sessionsList = $('sessions')
const logList = $('log')
const disconnectAll = /** @type {HTMLButtonElement} */ ($('disconnect-all'))

/** Last rendered JSON of each list: re-rendering unchanged lists would steal keyboard focus. */
const rendered = { sessions: '', log: '', mode: '' }

/**
 * Calls the wallet API; resolves with the JSON answer or throws its `error` message.
 *
 * @param {string} route
 * @param {object} [body] - Sent as JSON with POST; without it, a GET.
 */
async function api(route, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  let response
  try {
    response = await fetch(new URL(route, API), init)
  } catch {
    throw new Error('The devnet is not reachable (is `npm start` still running?)')
  }
  const data = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`)
  return data
}

/**
 * Shows a message in the live region (screen readers announce it).
 *
 * @param {string} text
 * @param {'ok' | 'error' | ''} [kind]
 */
function say(text, kind = '') {
  statusBox.textContent = text
  statusBox.className = kind ? `status ${kind}` : 'status'
}

/** @param {string} tag @param {string} [text] @param {string} [className] */
function el(tag, text, className) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function render(state) {
  $('address').textContent = state.address

  if (rendered.mode !== state.mode) {
    rendered.mode = state.mode
    for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === state.mode
  }

  const sessionsJson = JSON.stringify(state.sessions)
  if (sessionsJson !== rendered.sessions) {
    rendered.sessions = sessionsJson
    sessionsList.replaceChildren(
      ...state.sessions.map(session => {
        const item = el('li')
        const text = el('div')
        text.append(el('strong', session.peer.name || 'Unnamed dapp'))
        text.append(el('span', `${session.peer.url} · ${session.chains.join(', ')}`, 'meta'))
        const button = el('button', 'Disconnect', 'secondary')
        button.type = 'button'
        button.setAttribute('aria-label', `Disconnect ${session.peer.name || 'dapp'}`)
        button.addEventListener('click', () => disconnect(session.topic, session.peer.name))
        item.append(text, button)
        return item
      })
    )
    $('no-sessions').hidden = state.sessions.length > 0
    disconnectAll.hidden = state.sessions.length < 2
  }

  const logJson = JSON.stringify(state.log)
  if (logJson !== rendered.log) {
    rendered.log = logJson
    logList.replaceChildren(
      ...[...state.log].reverse().map(entry => {
        const item = el('li')
        const time = el('time', new Date(entry.at).toLocaleTimeString())
        time.dateTime = entry.at
        item.append(time, el('strong', entry.method), ` from ${entry.peer}`)
        if (entry.chainId) item.append(` on ${entry.chainId}`)
        item.append(': ', el('span', entry.outcome, `outcome-${entry.outcome}`))
        if (entry.ms !== undefined) item.append(` (${entry.ms} ms)`)
        if (entry.detail) item.append(el('span', entry.detail, 'detail'))
        return item
      })
    )
    $('no-log').hidden = state.log.length > 0
  }
}

async function refresh() {
  try {
    render(await api('state'))
  } catch (error) {
    say(error.message, 'error')
  }
}

async function disconnect(topic, name) {
  try {
    const { state } = await api('disconnect', topic ? { topic } : {})
    render(state)
    say(topic ? `Disconnected ${name || 'the dapp'}.` : 'Disconnected every session.', 'ok')
  } catch (error) {
    say(error.message, 'error')
  }
}

form.addEventListener('submit', async event => {
  event.preventDefault()
  const uri = uriInput.value.trim()
  if (!uri) {
    say('Paste a WalletConnect link first (it starts with "wc:").', 'error')
    uriInput.focus()
    return
  }
  pairButton.disabled = true
  say('Pairing…')
  try {
    const { pair, state } = await api('pair', { uri })
    render(state)
    if (pair.outcome === 'approved') {
      const session = state.sessions.find(s => s.topic === pair.sessionTopic)
      say(`Connected to ${session?.peer.name || 'the dapp'}.`, 'ok')
      uriInput.value = ''
    } else if (pair.outcome === 'pending') {
      say('Paired; the dapp has not proposed a session yet.')
      uriInput.value = ''
    } else {
      say(`Session ${pair.outcome}: ${pair.detail || 'no reason given'}`, 'error')
    }
  } catch (error) {
    say(error.message, 'error')
  } finally {
    pairButton.disabled = false
  }
})

$('mode').addEventListener('change', async event => {
  const mode = /** @type {HTMLInputElement} */ (event.target).value
  try {
    const { state } = await api('mode', { mode })
    render(state)
    say(mode === 'approve' ? 'The wallet now approves everything.' : 'The wallet now rejects everything.', 'ok')
  } catch (error) {
    say(error.message, 'error')
  }
})

disconnectAll.addEventListener('click', () => disconnect(undefined))

// Polling keeps the sessions and the log current (a dapp may disconnect or send requests at any
// time); paused while the tab is hidden.
async function poll() {
  if (!document.hidden) await refresh()
  setTimeout(poll, POLL_MS)
}
poll()
