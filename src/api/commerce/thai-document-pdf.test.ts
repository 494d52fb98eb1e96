import { create, type Font } from 'fontkit'
import { describe, expect, it } from 'vitest'
import { pdfText, sarabun } from './thai-document-pdf.server'

/**
 * pdfkit lays text out with fontkit (the same version, deduplicated): these are the glyphs and positions the PDF
 * gets, in font units, each glyph's outline placed where the layout puts it.
 */
function placed(font: Font, text: string) {
  const run = font.layout(text)
  let cursor = 0
  return run.glyphs.map((glyph, index) => {
    const position = run.positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 }
    const x = cursor + position.xOffset
    cursor += position.xAdvance
    return {
      name: glyph.name,
      minX: x + glyph.bbox.minX,
      maxX: x + glyph.bbox.maxX,
      minY: position.yOffset + glyph.bbox.minY,
      maxY: position.yOffset + glyph.bbox.maxY,
    }
  })
}

function sarabunRegular(): Font {
  const font = create(sarabun().regular)
  if (!('layout' in font)) throw new Error('Sarabun is one font, not a collection')
  return font
}

describe('Thai in the tax invoice font', () => {
  const font = sarabunRegular()

  it('stacks a tone mark above an upper vowel instead of on top of it', () => {
    const [, vowel, tone] = placed(font, 'ปี่')
    expect(vowel && tone).toBeTruthy()
    expect(tone?.minY).toBeGreaterThanOrEqual((vowel?.maxY ?? 0) - 10)
    // Over a bare consonant the same tone mark sits lower, where the vowel would be.
    const [, bare] = placed(font, 'ก่')
    expect(bare?.minY).toBeLessThan(tone?.minY ?? 0)
  })

  it('moves marks clear of the tall stroke of ป, ฝ and ฟ', () => {
    for (const consonant of ['ป', 'ฝ', 'ฟ']) {
      const [base, tone] = placed(font, `${consonant}่`)
      // The stroke rises at the right edge: the mark ends left of it.
      expect(tone?.maxX, consonant).toBeLessThan((base?.maxX ?? 0) - 50)
    }
  })

  it('takes the descender off ญ and ฐ under a lower vowel', () => {
    expect(placed(font, 'ญู')[0]?.name).not.toBe(placed(font, 'ญ')[0]?.name)
    expect(placed(font, 'ฐู')[0]?.name).not.toBe(placed(font, 'ฐ')[0]?.name)
  })

  it('draws SARA AM written as its decomposition exactly as SARA AM', () => {
    for (const word of ['กำ', 'น้ำ', 'สำนักงานใหญ่', 'ค่ำ']) {
      expect(pdfText(word)).toBe(word.normalize('NFKC'))
      const glyphs = (text: string) => font.layout(text).glyphs.map((glyph) => glyph.name)
      expect(glyphs(pdfText(word)), word).toEqual(glyphs(word))
    }
  })
})
