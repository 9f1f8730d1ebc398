import { expect } from 'chai'
import { onrampRestricted } from './onrampRegion.js'

describe('on-ramp regions (spec §9)', () => {
  it('restricts mainland China, Hong Kong and Macau, with their legacy names', () => {
    for (const tz of ['Asia/Shanghai', 'Asia/Urumqi', 'PRC', 'Asia/Hong_Kong', 'Hongkong', 'Asia/Macau', 'Asia/Macao'])
      expect(onrampRestricted(tz), tz).to.equal(true)
  })
  it('offers it elsewhere, Taiwan and Singapore included', () => {
    for (const tz of ['Europe/Paris', 'Asia/Taipei', 'Asia/Singapore', 'UTC']) expect(onrampRestricted(tz), tz).to.equal(false)
  })
})
