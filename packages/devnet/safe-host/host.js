// The Safe{Wallet} stand-in's page: it frames a site as a Safe app and answers the Safe Apps
// protocol (requests `{ id, method, params, env }`, answers `{ id, success, data | error, version }`)
// for the devnet Safe. Messages are taken only from the framed app on its origin, and answers go
// to that origin only. Transactions and signatures wait for a person to press Execute or Sign.
const frame = document.getElementById('app')
const appOrigin = frame.dataset.origin
const chainId = Number(frame.dataset.chainId)
const safe = frame.dataset.safe
const VERSION = '9.1.0'
const requests = document.getElementById('requests')
const empty = document.getElementById('empty')
const logList = document.getElementById('log')
/** Safe transaction hashes this stand-in executed (a 1-of-1 executes at once: the hash is the chain's). */
const executed = new Set()

const log = text => {
  const li = document.createElement('li')
  li.textContent = text
  logList.prepend(li)
}

async function node(method, params) {
  const r = await fetch('/api/node', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chainId, method, params }) })
  const body = await r.json()
  if (body.error) throw new Error(body.error.message || `${method} failed`)
  return body.result
}

const reply = (id, ok, payload) =>
  frame.contentWindow.postMessage(ok ? { id, success: true, data: payload, version: VERSION } : { id, success: false, error: payload, version: VERSION }, appOrigin)

/** Shows a request with its details; resolves true on the action button, false on Reject. */
function confirm(title, details, verb) {
  return new Promise(resolve => {
    const li = document.createElement('li')
    const h = document.createElement('h3')
    h.textContent = title
    const pre = document.createElement('pre')
    pre.textContent = details
    const yes = document.createElement('button')
    yes.textContent = verb
    const no = document.createElement('button')
    no.textContent = 'Reject'
    const done = answer => {
      li.remove()
      empty.hidden = requests.children.length > 0
      resolve(answer)
    }
    yes.addEventListener('click', () => done(true))
    no.addEventListener('click', () => done(false))
    li.append(h, pre, yes, no)
    requests.append(li)
    empty.hidden = true
  })
}

const text = hex => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(hex.slice(2).match(/../g)?.map(b => parseInt(b, 16)) ?? []))
  } catch {
    return hex
  }
}

const handlers = {
  getSafeInfo: () => ({ safeAddress: safe, chainId, threshold: 1, owners: [safe], isReadOnly: false, nonce: 0, modules: [], version: '1.4.1' }),
  getChainInfo: () => ({ chainId: String(chainId), chainName: frame.dataset.chainName, shortName: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }),
  rpcCall: params => node(params.call, params.params),
  getTxBySafeTxHash: params => {
    if (!executed.has(params.safeTxHash)) throw new Error('Transaction not found')
    return { safeAddress: safe, txId: params.safeTxHash, txStatus: 'SUCCESS', txHash: params.safeTxHash }
  },
  async sendTransactions(params) {
    const txs = params.txs ?? []
    const details = txs.map(t => `to ${t.to}\nvalue ${t.value} wei\ndata ${t.data}`).join('\n\n')
    if (!(await confirm(`Transaction${txs.length > 1 ? `s (${txs.length})` : ''}`, details, 'Execute'))) throw new Error('Transaction was rejected')
    let hash
    // A real Safe batches them in one MultiSend; the stand-in sends them in order.
    for (const t of txs) hash = await node('eth_sendTransaction', [{ from: safe, to: t.to, value: `0x${BigInt(t.value || '0').toString(16)}`, data: t.data || '0x' }])
    executed.add(hash)
    return { safeTxHash: hash }
  },
  async signMessage(params) {
    if (!(await confirm('Sign message', text(params.message), 'Sign'))) throw new Error('Message signing was rejected')
    return { signature: await node('personal_sign', [params.message, safe]) }
  },
  async signTypedMessage(params) {
    if (!(await confirm('Sign typed data', JSON.stringify(params.typedData, null, 2), 'Sign'))) throw new Error('Message signing was rejected')
    return { signature: await node('eth_signTypedData_v4', [safe, JSON.stringify(params.typedData)]) }
  }
}

window.addEventListener('message', async event => {
  if (event.source !== frame.contentWindow || event.origin !== appOrigin) return
  const { id, method, params, env } = event.data ?? {}
  if (typeof id !== 'string' || typeof method !== 'string' || typeof env?.sdkVersion !== 'string') return
  const handle = handlers[method]
  try {
    if (!handle) throw new Error(`The stand-in does not support ${method}`)
    reply(id, true, await handle(params ?? {}))
    log(`${method}: answered`)
  } catch (err) {
    reply(id, false, err.message)
    log(`${method}: ${err.message}`)
  }
})
