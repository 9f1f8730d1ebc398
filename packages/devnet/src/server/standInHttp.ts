import type { IncomingMessage } from 'node:http'

/**
 * Text made safe inside the stand-ins' HTML (element content and quoted attributes).
 *
 * @example escapeHtml('<b>"x"</b>') // '&lt;b&gt;&quot;x&quot;&lt;/b&gt;'
 */
export const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A request's body as text, refused (thrown) past `limit` characters: the stand-ins read small
 * JSON and form bodies only.
 *
 * @param req - The request.
 * @param limit - Most characters read (default 16 KiB).
 */
export async function readBody(req: IncomingMessage, limit = 16_384): Promise<string> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > limit) throw new Error('body too large')
  }
  return body
}
