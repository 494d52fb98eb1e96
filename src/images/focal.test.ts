import { describe, expect, it } from 'vitest'
import { focalCrop, focalParam, parseFocalParam } from './focal'

describe('focalCrop', () => {
  it('centres the window on the focal point when the picture allows it', () => {
    // 400 × 200 into 100 × 100: scaled to 200 × 100, the window 100 wide.
    expect(focalCrop({ width: 400, height: 200 }, { width: 100, height: 100 }, { x: 0.5, y: 0.5 })).toEqual({
      resizeWidth: 200,
      resizeHeight: 100,
      left: 50,
      top: 0,
    })
    expect(focalCrop({ width: 400, height: 200 }, { width: 100, height: 100 }, { x: 0.6, y: 0.5 }).left).toBe(70)
  })

  it('stops at the edges rather than showing past them', () => {
    const size = { width: 400, height: 200 }
    const out = { width: 100, height: 100 }
    expect(focalCrop(size, out, { x: 0, y: 0 }).left).toBe(0)
    expect(focalCrop(size, out, { x: 0.1, y: 0.5 }).left).toBe(0)
    expect(focalCrop(size, out, { x: 1, y: 1 })).toMatchObject({ left: 100, top: 0 })
  })

  it('crops a tall picture vertically around the point', () => {
    // 1200 × 1600 into 300 × 200: scaled to 300 × 400, a window 200 high.
    const crop = focalCrop({ width: 1200, height: 1600 }, { width: 300, height: 200 }, { x: 0.5, y: 0.2 })
    expect(crop).toEqual({ resizeWidth: 300, resizeHeight: 400, left: 0, top: 0 })
    expect(focalCrop({ width: 1200, height: 1600 }, { width: 300, height: 200 }, { x: 0.5, y: 0.6 }).top).toBe(140)
  })

  it('scales a small picture up to cover the output, never leaving it short', () => {
    const crop = focalCrop({ width: 33, height: 77 }, { width: 240, height: 320 }, { x: 0.5, y: 0.5 })
    expect(crop.resizeWidth).toBeGreaterThanOrEqual(240)
    expect(crop.resizeHeight).toBeGreaterThanOrEqual(320)
    expect(crop.left + 240).toBeLessThanOrEqual(crop.resizeWidth)
    expect(crop.top + 320).toBeLessThanOrEqual(crop.resizeHeight)
  })
})

describe('the fp parameter', () => {
  it('reads hundredths from 0 to 1 and nothing else', () => {
    expect(parseFocalParam('0.5,0.25')).toEqual({ x: 0.5, y: 0.25 })
    expect(parseFocalParam('0,1')).toEqual({ x: 0, y: 1 })
    expect(parseFocalParam('1.0,0.00')).toEqual({ x: 1, y: 0 })
    for (const bad of ['1.5,0', '0.333,0.5', '-0.1,0', '0.5', 'a,b', '0.5,0.5,0.5', ' 0.5,0.5']) {
      expect(parseFocalParam(bad), bad).toBeNull()
    }
  })

  it('is written as the parser reads it, rounded and clamped', () => {
    expect(focalParam({ x: 0.333, y: 0.5 })).toBe('0.33,0.5')
    expect(focalParam({ x: 1.2, y: -3 })).toBe('1,0')
    expect(parseFocalParam(focalParam({ x: 0.456, y: 0.789 }))).toEqual({ x: 0.46, y: 0.79 })
  })
})
