import { request } from 'node:http'

/** What {@link rawRequest} answers. */
export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * An HTTP request to 127.0.0.1 with full control over the wire: node:http instead of fetch,
 * because fetch normalises `/../` away before sending (traversal tests must send the raw path)
 * and adds an Origin of its own on POST. A JSON content type is sent with a body.
 */
export function rawRequest(
  port: number,
  path: string,
  init: { method?: string; body?: string; host?: string; headers?: Record<string, string> } = {}
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: { host: init.host ?? `127.0.0.1:${port}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers }
      },
      res => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', chunk => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on('error', reject)
    req.end(init.body)
  })
}
