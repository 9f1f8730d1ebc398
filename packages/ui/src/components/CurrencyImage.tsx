import { useState } from 'react'
import { safeImageUrl, SDK_TYPE, SDK_VERSION, type Core } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/** What a currency id may look like to be asked for (the directory's image ids: 'USD', 'EUR'). */
const CURRENCY_ID = /^[A-Za-z0-9_-]{1,32}$/

/**
 * The image of a fiat currency: the directory's `/public/getCurrencyImage/{id}` (spec §7; the
 * self-hosted server draws one for each currency the on-ramp offers, the public registry has its
 * own), with the parameters every directory call carries. Undefined for no id or an id that is not
 * a plain code, so nothing odd is put in a URL.
 *
 * @param core - The modal's core.
 * @param id - The currency's code, as the on-ramp's options name it ('USD').
 * @example currencyImageUrl(core, 'EUR') // 'http://127.0.0.1:8787/public/getCurrencyImage/EUR?projectId=…&st=…&sv=…'
 */
export function currencyImageUrl(core: Core, id: string | undefined): string | undefined {
  if (!id || !CURRENCY_ID.test(id)) return undefined
  const { directory, projectId } = core.options.state
  const url = new URL(`public/getCurrencyImage/${encodeURIComponent(id)}`, directory.url.endsWith('/') ? directory.url : `${directory.url}/`)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('st', SDK_TYPE)
  url.searchParams.set('sv', SDK_VERSION)
  return url.href
}

/** Props of {@link CurrencyImage}. */
export interface CurrencyImageProps {
  /** The currency's code ('USD'); nothing is shown without one. */
  id: string | undefined
}

/**
 * A fiat currency's small image, beside its code. Decorative (`alt=""`: the code is next to it).
 * The URL must pass the modal's image allow-list (https, `data:`, or a configured service's
 * origin); when it does not, or the image fails to load (no image for that code, the server
 * unreachable), nothing is shown: the code alone says which currency it is.
 *
 * @example <CurrencyImage id={paymentCurrency?.id} />
 */
export function CurrencyImage({ id }: CurrencyImageProps) {
  const core = useCore()
  // The codes whose image failed, so going back to one does not try again and flash.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set())
  const src = id && !failed.has(id) ? safeImageUrl(currencyImageUrl(core, id), serviceOrigins(core)) : undefined
  if (!id || !src) return null
  return (
    <img
      // One element per code: a late error of the previous image cannot mark the new code failed.
      key={id}
      className="wm-image"
      src={src}
      alt=""
      width={24}
      height={24}
      decoding="async"
      onError={() => setFailed(before => new Set(before).add(id))}
      data-testid="currency-image"
    />
  )
}
