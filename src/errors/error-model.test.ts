import { notFound } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { errorScreenModel, HttpError, shouldReportError, UNKNOWN_ERROR_CODE } from './error-model'

describe('errorScreenModel (§2 error screen)', () => {
  it('shows 404 PAGE NOT FOUND for a not-found', () => {
    expect(errorScreenModel(notFound())).toEqual({ code: 404, kind: 'not-found' })
    expect(errorScreenModel(new HttpError(404, 'Page not found: /x'))).toEqual({ code: 404, kind: 'not-found' })
  })

  it('shows 999 when the error has no status', () => {
    expect(errorScreenModel(new Error('boom'))).toEqual({ code: UNKNOWN_ERROR_CODE, kind: 'message', message: 'BOOM' })
  })

  it("upper-cases the error's own message and keeps its status", () => {
    expect(errorScreenModel(new HttpError(502, 'Bad gateway'))).toEqual({
      code: 502,
      kind: 'message',
      message: 'BAD GATEWAY',
    })
    expect(errorScreenModel({ statusCode: 500, message: 'x' })).toEqual({ code: 500, kind: 'unknown' })
  })

  it("says 503 in the shopper's language: the shop is busy for a moment (the database is back soon)", () => {
    expect(errorScreenModel(new HttpError(503, 'Service unavailable'))).toEqual({ code: 503, kind: 'unavailable' })
    expect(errorScreenModel({ status: 503 })).toEqual({ code: 503, kind: 'unavailable' })
  })

  it("words a refusal (4xx other than 404) in the shopper's language, not the API's English message", () => {
    expect(errorScreenModel(new HttpError(400, 'Invalid request'))).toEqual({
      code: 400,
      kind: 'refused',
      reason: 'invalid',
    })
    expect(errorScreenModel({ status: 401 })).toEqual({ code: 401, kind: 'refused', reason: 'login' })
    expect(errorScreenModel({ status: 403 })).toEqual({ code: 403, kind: 'refused', reason: 'forbidden' })
    expect(errorScreenModel({ status: 429 })).toEqual({ code: 429, kind: 'refused', reason: 'too-many' })
    expect(errorScreenModel({ status: 409 })).toEqual({ code: 409, kind: 'refused', reason: 'refused' })
  })

  it('says AN ERROR OCCURRED when there is no message', () => {
    expect(errorScreenModel(new HttpError(500, ''))).toEqual({ code: 500, kind: 'unknown' })
    expect(errorScreenModel(undefined)).toEqual({ code: UNKNOWN_ERROR_CODE, kind: 'unknown' })
    expect(errorScreenModel(null)).toEqual({ code: UNKNOWN_ERROR_CODE, kind: 'unknown' })
  })

  it('ignores statuses that are not HTTP codes', () => {
    expect(errorScreenModel({ status: 'oops' }).code).toBe(UNKNOWN_ERROR_CODE)
    expect(errorScreenModel({ code: 12 }).code).toBe(UNKNOWN_ERROR_CODE)
  })
})

describe('shouldReportError (§8)', () => {
  it.each([
    [299, true],
    [300, false],
    [404, false],
    [499, false],
    [500, true],
    [999, true],
  ])('status %i reported: %s', (status, reported) => {
    expect(shouldReportError(status)).toBe(reported)
  })
})
