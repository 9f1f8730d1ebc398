import { SMTPServer } from 'smtp-server'

/** One e-mail the sink received. */
export interface SunkMail {
  id: number
  from: string
  to: string[]
  subject: string
  text: string
  receivedAt: string
}

/** The running mail sink. */
export interface MailSink {
  /** `smtp://127.0.0.1:PORT`: what the secure site's mail settings take. */
  readonly smtpUrl: string
  readonly port: number
  /** Received mail, newest first; only what was sent to `to` when given. */
  messages(to?: string): SunkMail[]
  /**
   * The first message to `to` received after `since` (an id) that `match` accepts, as soon as it
   * arrives (no polling), or a rejection after `timeoutMs`.
   */
  waitFor(to: string, options?: { since?: number; match?: (m: SunkMail) => boolean; timeoutMs?: number }): Promise<SunkMail>
  /** The newest message id (0 before any): pass it as `since` to wait for the next one. */
  lastId(): number
  close(): Promise<void>
}

/** Messages kept (oldest dropped first). */
const KEEP = 500
/** Largest message accepted. */
const MAX_BYTES = 256 * 1024

/** The text part of a simple RFC 5322 message (nodemailer's plain-text mail), headers decoded enough to read. */
function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = split < 0 ? raw : raw.slice(0, split)
  let body = split < 0 ? '' : raw.slice(split + 4)
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? ''
  const decodeWords = (s: string) =>
    s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuoted(data.replace(/_/g, ' '))
    )
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  if (encoding === 'quoted-printable') body = decodeQuoted(body)
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return { subject: decodeWords(header('Subject')), text: body.replace(/\r\n/g, '\n').trim() }
}

function decodeQuoted(s: string): string {
  const bytes: number[] = []
  const text = s.replace(/=\r?\n/g, '')
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * A local SMTP server that keeps what it receives instead of delivering it: the devnet's
 * stand-in for a mail provider. `npm start` shows its messages on the mailbox page; tests read
 * codes from it. Listens on 127.0.0.1 only, no authentication, bounded in size and count.
 *
 * @param port - TCP port (default: a free one).
 */
export async function startMailSink(port = 0): Promise<MailSink> {
  const received: SunkMail[] = []
  const waiters = new Set<(m: SunkMail) => void>()
  let nextId = 1
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= MAX_BYTES) chunks.push(chunk)
      })
      stream.on('end', () => {
        if (size > MAX_BYTES) return callback(new Error('Message too large'))
        const { subject, text } = parseMail(Buffer.concat(chunks).toString('utf8'))
        const mail: SunkMail = {
          id: nextId++,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map(r => r.address.toLowerCase()),
          subject,
          text,
          receivedAt: new Date().toISOString()
        }
        received.unshift(mail)
        if (received.length > KEEP) received.pop()
        for (const w of [...waiters]) w(mail)
        callback()
      })
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  return {
    smtpUrl: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages: to => (to ? received.filter(m => m.to.includes(to.toLowerCase())) : [...received]),
    lastId: () => nextId - 1,
    waitFor(to, { since = 0, match = () => true, timeoutMs = 10_000 } = {}) {
      const wanted = (m: SunkMail) => m.id > since && m.to.includes(to.toLowerCase()) && match(m)
      const found = received.find(wanted)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => (waiters.delete(w), reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`))), timeoutMs)
        const w = (m: SunkMail) => {
          if (!wanted(m)) return
          clearTimeout(timer)
          waiters.delete(w)
          resolve(m)
        }
        waiters.add(w)
      })
    },
    close: () => new Promise<void>(resolve => server.close(() => resolve()))
  }
}

/** The 6-digit code in one of the secure site's code e-mails. */
export const codeOf = (mail: SunkMail): string | undefined => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1]
/** The device-approval link in one of the secure site's e-mails. */
export const linkOf = (mail: SunkMail): string | undefined => /(https?:\/\/\S+\/device\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
