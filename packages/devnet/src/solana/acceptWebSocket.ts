import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'

/** Largest message (after reassembling fragments) a connection accepts: 1 MiB. */
export const MAX_WS_MESSAGE_BYTES = 1024 * 1024

// RFC 6455 §1.3: the GUID the server appends to the client's key.
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/** An open server-side WebSocket. */
export interface WebSocketConnection {
  /** Sends a text message; ignored once the connection is closing. */
  send(text: string): void
  /** Starts the closing handshake (or drops the socket when `force`). */
  close(code?: number, reason?: string, force?: boolean): void
  /** Settles once the socket is gone. */
  readonly closed: Promise<void>
}

/** What a connection reports to its owner. */
export interface WebSocketHandlers {
  /** A complete text (or binary, decoded as UTF-8) message arrived. */
  message(text: string): void
  /** The connection is gone, whichever side closed it. Called once. */
  closed(): void
}

/**
 * Completes a WebSocket handshake on an HTTP upgrade request and speaks the protocol on the
 * socket: just enough of RFC 6455 for JSON-RPC subscriptions (text and binary messages,
 * fragments, ping/pong, close). Written out here because the devnet package has no WebSocket
 * server dependency and the clients (web3.js's rpc-websockets, browsers) need nothing more.
 *
 * Frames from the client must be masked (RFC 6455 §5.1); a protocol violation or a message over
 * {@link MAX_WS_MESSAGE_BYTES} closes the connection (1002 / 1009).
 *
 * @param req - The upgrade request.
 * @param socket - Its socket.
 * @param head - Bytes that arrived after the request head.
 * @param handlers - Receives messages and the close.
 * @returns The connection, or undefined when the request was not a valid handshake (answered 400).
 */
export function acceptWebSocket(req: IncomingMessage, socket: Duplex, head: Buffer, handlers: WebSocketHandlers): WebSocketConnection | undefined {
  const key = req.headers['sec-websocket-key']
  if (req.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string' || req.headers['sec-websocket-version'] !== '13') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    return undefined
  }
  const accept = createHash('sha1').update(key + HANDSHAKE_GUID).digest('base64')
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)

  let buffer: Buffer = Buffer.alloc(0)
  let fragments: Buffer[] = []
  let fragmentBytes = 0
  let closing = false
  let closed = false
  let resolveClosed!: () => void
  const closedPromise = new Promise<void>(resolve => (resolveClosed = resolve))

  const writeFrame = (opcode: number, payload: Buffer): void => {
    if (socket.destroyed || !socket.writable) return
    const length = payload.length
    const header = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10)
    header[0] = 0x80 | opcode
    if (length < 126) header[1] = length
    else if (length < 65536) {
      header[1] = 126
      header.writeUInt16BE(length, 2)
    } else {
      header[1] = 127
      header.writeBigUInt64BE(BigInt(length), 2)
    }
    socket.write(Buffer.concat([header, payload]))
  }

  const close = (code = 1000, reason = '', force = false): void => {
    if (!closing) {
      closing = true
      const payload = Buffer.alloc(2 + Buffer.byteLength(reason))
      payload.writeUInt16BE(code, 0)
      payload.write(reason, 2)
      writeFrame(0x8, payload)
    }
    if (force) socket.destroy()
    else socket.end()
  }

  const onFrame = (fin: boolean, opcode: number, payload: Buffer): void => {
    if (opcode === 0x8) {
      // Echo the close (RFC 6455 §5.5.1), then hang up.
      close(payload.length >= 2 ? payload.readUInt16BE(0) : 1000)
      return
    }
    if (opcode === 0x9) return writeFrame(0xa, payload)
    if (opcode === 0xa) return
    if (opcode !== 0x0 && opcode !== 0x1 && opcode !== 0x2) return close(1002, 'unknown opcode')
    if ((opcode === 0x0) === (fragments.length === 0)) return close(1002, 'unexpected continuation')
    fragmentBytes += payload.length
    if (fragmentBytes > MAX_WS_MESSAGE_BYTES) return close(1009, 'message too big')
    fragments.push(payload)
    if (!fin) return
    const text = Buffer.concat(fragments).toString('utf8')
    fragments = []
    fragmentBytes = 0
    handlers.message(text)
  }

  const onData = (chunk: Buffer): void => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
    while (!closing && buffer.length >= 2) {
      const fin = (buffer[0]! & 0x80) !== 0
      const opcode = buffer[0]! & 0x0f
      const masked = (buffer[1]! & 0x80) !== 0
      let length = buffer[1]! & 0x7f
      let offset = 2
      if (length === 126) {
        if (buffer.length < 4) return
        length = buffer.readUInt16BE(2)
        offset = 4
      } else if (length === 127) {
        if (buffer.length < 10) return
        const long = buffer.readBigUInt64BE(2)
        if (long > BigInt(MAX_WS_MESSAGE_BYTES)) return close(1009, 'message too big')
        length = Number(long)
        offset = 10
      }
      if (!masked) return close(1002, 'client frames must be masked')
      if (length > MAX_WS_MESSAGE_BYTES) return close(1009, 'message too big')
      if (buffer.length < offset + 4 + length) return
      const mask = buffer.subarray(offset, offset + 4)
      const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length))
      for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i & 3]!
      buffer = buffer.subarray(offset + 4 + length)
      onFrame(fin, opcode, payload)
    }
  }

  const onGone = (): void => {
    if (closed) return
    closed = true
    socket.destroy()
    resolveClosed()
    handlers.closed()
  }
  socket.on('data', onData)
  socket.on('close', onGone)
  socket.on('end', onGone)
  // Errors (a reset by the peer) end in 'close'; without a listener they would be thrown.
  socket.on('error', () => onGone())
  // Notifications are small and latency matters more than packet count.
  ;(socket as Partial<Socket>).setNoDelay?.(true)
  // Later, so the caller holds the returned connection before any message is handled.
  if (head.length > 0) queueMicrotask(() => onData(head))

  return {
    send: text => {
      if (!closing) writeFrame(0x1, Buffer.from(text, 'utf8'))
    },
    close,
    closed: closedPromise
  }
}
