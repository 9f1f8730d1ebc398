/**
 * The secure site's API as its own pages call it: same origin, JSON, the frame's project (the
 * `x-wm-project` header: sessions are per project) and the bearer session.
 *
 * @param site - The secure site's origin.
 * @param token - The session, if any.
 * @param project - The project the calling frame was opened for.
 */
export function secureSiteClient(site: string, token?: string, project = 'demo') {
  return async (path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${site}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        origin: site,
        'x-wm-project': project,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extra
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, any> }
  }
}
