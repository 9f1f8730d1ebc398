import { test } from 'node:test'
import assert from 'node:assert/strict'
import { FailureSchedule } from './FailureSchedule.js'

test('a failure set for a number of requests is taken that many times, then requests pass', () => {
  const failures = new FailureSchedule<string>()
  assert.equal(failures.take(), undefined)
  failures.set('down', 2)
  assert.deepEqual([failures.take(), failures.take(), failures.take()], ['down', 'down', undefined])
})

test('a failure for one endpoint leaves the others alone and is not spent by them; clear ends it', () => {
  const failures = new FailureSchedule<string, 'quote' | 'swap'>()
  failures.set('slow', Infinity, 'quote')
  assert.equal(failures.take('swap'), undefined)
  assert.deepEqual([failures.take('quote'), failures.take('quote')], ['slow', 'slow'])
  failures.clear()
  assert.equal(failures.take('quote'), undefined)
})
