import type { Transporter } from 'nodemailer'

/** How long one e-mail may take to hand to the SMTP server, connection included. */
export const MAIL_TIMEOUT_MS = 10_000

/** The outgoing mail settings of the secure site. */
export interface MailConfig {
  /** SMTP server URL, e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@mail.example.com`. */
  smtpUrl: string
  /** Sender, e.g. `Wallet <wallet@example.com>`. */
  from: string
}

/** One e-mail the secure site sends (codes, device approvals): plain text only. */
export interface Mail {
  to: string
  subject: string
  text: string
}

/** Sends the secure site's e-mail; rejects with a reason a person can read when it cannot. */
export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * The secure site's mail, through nodemailer's SMTP transport to the operator's server. Every
 * send is bounded by {@link MAIL_TIMEOUT_MS} as a whole (connection, greeting, data), so a stuck
 * server fails the request instead of holding it.
 *
 * @example
 * ```ts
 * const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'Wallet <wallet@example.com>' })
 * await mailer.send({ to: 'a@example.com', subject: 'Your code', text: '123456' })
 * ```
 */
export function createMailer(config: MailConfig, timeoutMs = MAIL_TIMEOUT_MS): Mailer {
  // A wrong URL is told now, not at the first e-mail.
  if (!/^smtps?:$/.test(URL.parse(config.smtpUrl)?.protocol ?? ''))
    throw new Error(`mail: smtpUrl must be an smtp:// or smtps:// URL, got ${config.smtpUrl.split('@').pop()}`)
  // nodemailer (about 15 MB resident) loads with the first e-mail, not with the server; a failed
  // load is tried again by the next e-mail.
  let transport: Promise<Transporter> | undefined
  const transportNow = () => {
    const made = (transport ??= import('nodemailer').then(m =>
      m.default.createTransport(config.smtpUrl, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs } as never)
    ))
    made.catch(() => {
      if (transport === made) transport = undefined
    })
    return made
  }
  return {
    async send(mail) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the mail server did not answer in time')), timeoutMs)
      })
      try {
        await Promise.race([transportNow().then(t => t.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text })), timeout])
      } catch (error) {
        throw new Error(`Could not send the e-mail: ${error instanceof Error ? error.message : String(error)}`)
      } finally {
        clearTimeout(timer)
      }
    },
    close: () =>
      void transport?.then(
        t => t.close(),
        () => {}
      )
  }
}
