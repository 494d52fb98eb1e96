import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** What a PDF reader gets out of a PDF: the text of each page (through the fonts' ToUnicode maps), and its facts. */
export type PdfText = { pages: string[]; text: string; pageSize: { width: number; height: number }; fonts: string[] }

/**
 * Reads a PDF as a reader would (pdf.js, Firefox’s viewer). Text items are joined with single spaces and compared in
 * Unicode NFKC form: SARA AM (ำ) is drawn as NIKHAHIT and SARA AA and copies as their decomposition (ํา).
 */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
  const document = await loading.promise
  const pages: string[] = []
  const fonts = new Set<string>()
  let pageSize = { width: 0, height: 0 }
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    if (number === 1) {
      const [, , width = 0, height = 0] = page.view
      pageSize = { width, height }
    }
    const content = await page.getTextContent()
    const parts: string[] = []
    for (const item of content.items) {
      if ('str' in item) {
        parts.push(item.str)
        fonts.add(item.fontName)
      }
    }
    pages.push(parts.join(' ').replace(/\s+/g, ' ').trim().normalize('NFKC'))
  }
  await loading.destroy()
  return { pages, text: pages.join('\n'), pageSize, fonts: [...fonts] }
}

/** A text as it is looked for in a PDF's text (NFKC, see pdfText). */
export function asPdfText(text: string): string {
  return text.normalize('NFKC')
}
