/** The pages of the secure site; each is the same script, told what to be by `data-page`. */
export type SecurePage = 'frame' | 'otp' | 'approve' | 'export' | 'device' | 'message' | 'social'

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * One page of the secure site: no inline script or style (its CSP allows only its own files),
 * its settings in `data-` attributes of the body, escaped.
 *
 * @param page - Which page the script renders.
 * @param data - Settings for the script (origin of the site's page, e-mail, request id...).
 * @param body - Static content (plain text, escaped here): pages without script, and the social
 *   callback (its script only posts the result to the page that opened the popup).
 */
export function renderSecurePage(
  page: SecurePage,
  data: Record<string, string>,
  body?: { title: string; text: string; form?: { action: string; token: string; button: string } }
): string {
  const attributes = Object.entries({ page, ...data })
    .map(([k, v]) => ` data-${k.replace(/[^a-z-]/g, '')}="${escapeAttribute(v)}"`)
    .join('')
  const theme = data.theme === 'dark' ? 'dark' : 'light'
  const content = body
    ? `<main><h1>${escapeText(body.title)}</h1><p>${escapeText(body.text)}</p>${
        body.form
          ? `<form method="post" action="${escapeAttribute(body.form.action)}"><input type="hidden" name="token" value="${escapeAttribute(body.form.token)}"><button type="submit">${escapeText(body.form.button)}</button></form>`
          : ''
      }</main>`
    : '<main id="root" aria-live="polite"></main>'
  return `<!doctype html>
<html lang="en" class="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(body?.title ?? 'Secure wallet')}</title>
<link rel="stylesheet" href="/assets/secure-site.css">
${body && page !== 'social' ? '' : '<script type="module" src="/assets/secure-site.js"></script>'}
</head>
<body${attributes}>${content}</body>
</html>`
}
