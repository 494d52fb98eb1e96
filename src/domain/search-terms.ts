/**
 * Words of a text for the search index and for queries alike: lower-cased, NFC, Thai split into words
 * with the platform's Thai word segmenter (Thai is written without spaces), punctuation dropped, and
 * English plurals also kept in their singular form.
 */
const segmenter = new Intl.Segmenter('th', { granularity: 'word' })

/** Words shorter than this are not indexed (Thai words of one letter are mostly particles). */
const MIN_WORD_LENGTH = 2

export function singular(word: string): string | null {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return null
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return null
}

export function searchWords(text: string): string[] {
  const words: string[] = []
  const normalised = text.normalize('NFC').toLowerCase()
  for (const { segment, isWordLike } of segmenter.segment(normalised)) {
    if (!isWordLike) continue
    const word = segment.trim()
    if (word.length < MIN_WORD_LENGTH || words.includes(word)) continue
    words.push(word)
  }
  return words
}

const THAI = /^[\u0E00-\u0E7F]+$/

/** Adjacent Thai segments joined, up to this many: the dictionary splits loanwords (เด|รส for เดรส). */
const THAI_JOIN = 3

/**
 * Index terms: the words, singular forms of English plurals, and runs of two or three adjacent Thai
 * segments, so that a query the segmenter cuts differently in isolation still meets its word.
 */
export function indexTerms(text: string): string[] {
  const terms = new Set<string>()
  const segments: string[] = []
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFC').toLowerCase())) {
    if (isWordLike) segments.push(segment.trim())
    else segments.push('')
  }
  segments.forEach((segment, index) => {
    if (segment.length >= MIN_WORD_LENGTH) terms.add(segment)
    const single = singular(segment)
    if (single) terms.add(single)
    if (!THAI.test(segment)) return
    let run = segment
    for (let next = index + 1; next < Math.min(segments.length, index + THAI_JOIN); next++) {
      const following = segments[next] ?? ''
      if (!THAI.test(following)) break
      run += following
      terms.add(run)
    }
  })
  return [...terms]
}

/** How much a match in each part of a product counts. */
export const TERM_WEIGHTS = { name: 3, category: 2, attribute: 1 } as const
