import { Fragment, type ReactNode } from 'react'
import type { LegalLinks } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { withLegalStyles } from './legalStyles.js'

/** Props of {@link LegalCheckbox}. */
export interface LegalCheckboxProps {
  /** The site's pages, already checked by `legalLinks` (https:, or http: on the page's origin). */
  links: LegalLinks
  agreed: boolean
  /** Id to give the "agree first" text, which the locked controls point at. */
  hintId: string
  onChange(agreed: boolean): void
}

// Stand-ins for the links inside the translated sentence: the sentence is text (a site's
// replacement included), split around them, so no string is ever read as HTML.
const TERMS = '\u0001'
const PRIVACY = '\u0002'
const NEW_TAB_ID = 'wm-legal-new-tab'

/**
 * Connect's legal checkbox (spec §9 `legalCheckbox`): "I agree to our Terms of Service and Privacy
 * Policy", each a link to the site's page (a new tab, without opener or referrer), then, until
 * it is checked, the line saying that the ways to connect below wait for it. The links say that
 * they open a new tab through their description, so the checkbox's name stays the sentence
 * shown. Its own chunk: sites without the feature never load it.
 *
 * @example
 * <LegalCheckbox links={{ terms: 'https://site.example/terms' }} agreed={false} hintId="wm-legal-hint" onChange={setAgreed} />
 */
export function LegalCheckbox({ links, agreed, hintId, onChange }: LegalCheckboxProps) {
  const core = useCore()
  const t = useViewsT(core)
  const sentence =
    links.terms && links.privacy
      ? t('legal.agreeBoth', { terms: TERMS, privacy: PRIVACY })
      : links.terms
        ? t('legal.agreeTerms', { terms: TERMS })
        : t('legal.agreePrivacy', { privacy: PRIVACY })
  const link = (href: string, text: string, testId: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_ID} data-testid={testId}>
      {text}
    </a>
  )
  const parts: ReactNode[] = sentence
    .split(/([\u0001\u0002])/)
    .map((part, i) =>
      part === TERMS && links.terms ? (
        <Fragment key={i}>{link(links.terms, t('legal.terms'), 'legal-terms')}</Fragment>
      ) : part === PRIVACY && links.privacy ? (
        <Fragment key={i}>{link(links.privacy, t('legal.privacy'), 'legal-privacy')}</Fragment>
      ) : (
        part.replace(/[\u0001\u0002]/g, '')
      )
    )
  return (
    <>
      <div className="wm-legal" ref={withLegalStyles}>
        <input id="wm-legal-check" type="checkbox" checked={agreed} onChange={e => onChange(e.target.checked)} data-testid="legal-checkbox" />
        <label htmlFor="wm-legal-check">{parts}</label>
        <span id={NEW_TAB_ID} hidden>
          {t('legal.newTab')}
        </span>
      </div>
      {agreed ? null : (
        <p id={hintId} className="wm-muted wm-legal-hint" data-testid="legal-hint">
          {t('legal.required')}
        </p>
      )}
    </>
  )
}
