/**
 * Query analysis (decision 018): a shopper's words become groups to match. Thai runs are cut by
 * longest match against the shop's vocabulary (the platform segmenter splits loanwords such as เดรส
 * and ยีนส์ into pieces), English words are matched alone or two and three at a time, plurals fall back
 * to their singular, filler words are dropped, and words within a typo or two of a known word are
 * corrected. What is left unknown is searched as it is, over the index's own words.
 */
import { CONCEPTS, FILLER_WORDS, type Concept, type ConceptKind } from './search-lexicon'
import { singular } from './search-terms'

/** How much a matched group counts towards a product's score, by what kind of word it is. */
export const GROUP_IMPORTANCE: Record<ConceptKind | 'word', number> = {
  type: 3,
  word: 2,
  material: 1,
  colour: 1,
}

/**
 * A related concept counted this much or more (blue for navy, silver for sterling) is as good as the one named: a
 * product that has it matches the word closely (issue 29, item 17). Less (white for ivory, trousers for shorts) ranks
 * it, but among the weaker matches.
 */
export const CLOSE_CONCEPT_WEIGHT = 0.8

/** The index term that stands for a concept. */
export const conceptTerm = (id: string) => `~${id}`

export type QueryGroup =
  | {
      readonly kind: ConceptKind
      /** The concepts this group may mean, with how much each counts (1 for the one named). */
      readonly concepts: ReadonlyArray<{ readonly id: string; readonly weight: number }>
      /** The words as the shopper should have typed them (the known form, after any correction). */
      readonly display: string
      readonly corrected: boolean
    }
  | { readonly kind: 'word'; readonly word: string; readonly display: string; readonly corrected: false }

export type AnalysedQuery = {
  readonly groups: readonly QueryGroup[]
  /** Filler words that were left out. */
  readonly ignored: readonly string[]
}

const THAI_RUN = /[\u0E00-\u0E7F]+|[a-z0-9]+/g
const THAI = /^[\u0E00-\u0E7F]+$/
const MAX_ENGLISH_FORM_WORDS = 3
const segmenter = new Intl.Segmenter('th', { granularity: 'word' })

const byId = new Map<string, Concept>(CONCEPTS.map((concept) => [concept.id, concept]))
const conceptOf = (id: string): Concept => {
  const concept = byId.get(id)
  if (!concept) throw new Error(`unknown search concept ${id}`)
  return concept
}

type Entry = { readonly concept: Concept | null; readonly form: string }

/** Every known form, Thai and English, to its concept (null for a filler word). */
const FORMS = new Map<string, Entry>()
for (const word of FILLER_WORDS) FORMS.set(word, { concept: null, form: word })
for (const concept of CONCEPTS) {
  for (const form of concept.forms) if (!FORMS.has(form)) FORMS.set(form, { concept, form })
}
const THAI_FORMS = [...FORMS.keys()].filter((form) => THAI.test(form))
const LONGEST_THAI_FORM = Math.max(...THAI_FORMS.map((form) => form.length))
/** Single English words of concepts, the candidates of typo correction. */
const ENGLISH_WORDS = [...FORMS.entries()].filter(([form, entry]) => entry.concept && /^[a-z]+$/.test(form))
const THAI_CONCEPT_FORMS = THAI_FORMS.filter((form) => FORMS.get(form)?.concept)

/** Lower case, NFC, separators turned into spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200b\u200c\u200d]/g, '')
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1)
      }
      row.push(value)
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    rows.push(row)
  }
  return rows[a.length]?.[b.length] ?? max + 1
}

/** How many typos a word of this length may hold and still be recognised. */
function typoAllowance(word: string, thai: boolean): number {
  const length = [...word].length
  if (thai) return length >= 5 ? 1 : 0
  if (length >= 8) return 2
  if (length >= 4) return 1
  return 0
}

/** The known word closest to a misspelt one, if it is close enough (ties go to the first listed). */
export function typoCandidate(word: string): string | null {
  const thai = THAI.test(word)
  const allowance = typoAllowance(word, thai)
  if (allowance === 0) return null
  let best: string | null = null
  let bestDistance = allowance + 1
  for (const form of thai ? THAI_CONCEPT_FORMS : ENGLISH_WORDS.map(([form]) => form)) {
    if (thai && form.length < 4) continue
    const distance = editDistance(word, form, allowance)
    if (distance < bestDistance) {
      best = form
      bestDistance = distance
    }
  }
  return best
}

type Token = { kind: 'known'; entry: Entry; text: string; corrected: boolean } | { kind: 'unknown'; text: string }

/** A known form of these words, also with the last one in the singular (t shirts → t shirt). */
function lookup(words: string[]): Entry | null {
  const entry = FORMS.get(words.join(' '))
  if (entry) return entry
  const single = singular(words[words.length - 1] ?? '')
  return single ? (FORMS.get([...words.slice(0, -1), single].join(' ')) ?? null) : null
}

/** Longest match of known Thai forms; what lies between is kept as unknown text. */
function thaiTokens(run: string, correct: boolean): Token[] {
  const tokens: Token[] = []
  let unknown = ''
  const flush = () => {
    if (!unknown) return
    tokens.push(...unknownThai(unknown, correct))
    unknown = ''
  }
  let index = 0
  while (index < run.length) {
    let match: Entry | null = null
    for (let length = Math.min(LONGEST_THAI_FORM, run.length - index); length >= 2; length--) {
      const entry = FORMS.get(run.slice(index, index + length))
      if (entry) {
        match = entry
        break
      }
    }
    if (match) {
      // A misspelt word may end in a known one (จัมสูท holds สูท): correct the whole of it first.
      const joined = correct && unknown ? typoCandidate(unknown + match.form) : null
      const whole = joined ? FORMS.get(joined) : undefined
      if (whole) {
        tokens.push({ kind: 'known', entry: whole, text: whole.form, corrected: true })
        unknown = ''
      } else {
        flush()
        tokens.push({ kind: 'known', entry: match, text: match.form, corrected: false })
      }
      index += match.form.length
    } else {
      unknown += run[index]
      index += 1
    }
  }
  flush()
  return tokens
}

/** Thai text the vocabulary does not hold: a misspelt known word, or words to look up as they are. */
function unknownThai(text: string, correct: boolean): Token[] {
  const correction = correct ? typoCandidate(text) : null
  const entry = correction ? FORMS.get(correction) : undefined
  if (entry) return [{ kind: 'known', entry, text: entry.form, corrected: true }]
  const tokens: Token[] = []
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (isWordLike && segment.length >= 2) tokens.push({ kind: 'unknown', text: segment })
  }
  return tokens
}

/** English (and digit) words, known forms of up to three words first. */
function englishTokens(words: string[], correct: boolean): Token[] {
  const tokens: Token[] = []
  let index = 0
  while (index < words.length) {
    let matched = false
    for (let size = Math.min(MAX_ENGLISH_FORM_WORDS, words.length - index); size >= 1; size--) {
      const entry = lookup(words.slice(index, index + size))
      if (entry) {
        tokens.push({ kind: 'known', entry, text: entry.form, corrected: false })
        index += size
        matched = true
        break
      }
    }
    if (matched) continue
    const word = words[index] ?? ''
    index += 1
    const correction = correct && /^[a-z]+$/.test(word) ? typoCandidate(word) : null
    const entry = correction ? FORMS.get(correction) : undefined
    if (entry) tokens.push({ kind: 'known', entry, text: entry.form, corrected: true })
    else if (word.length >= 2 || /^\d$/.test(word)) tokens.push({ kind: 'unknown', text: word })
  }
  return tokens
}

function tokens(text: string, correct: boolean): Token[] {
  const result: Token[] = []
  let english: string[] = []
  for (const [run] of normaliseText(text).matchAll(THAI_RUN)) {
    if (THAI.test(run)) {
      result.push(...englishTokens(english, correct))
      english = []
      result.push(...thaiTokens(run, correct))
    } else english.push(run)
  }
  result.push(...englishTokens(english, correct))
  return result
}

function conceptWeights(concept: Concept): Array<{ id: string; weight: number }> {
  return [
    { id: concept.id, weight: 1 },
    ...(concept.related ?? []).map(([id, weight]) => ({ id: conceptOf(id).id, weight })),
  ]
}

/** At most this many groups are searched (the rest of a long query adds nothing but work). */
export const MAX_QUERY_GROUPS = 6

/** What a query asks for: groups of words, each matched on its own, in the order typed. */
export function analyseQuery(query: string): AnalysedQuery {
  const all = tokens(query, true)
  const groups: QueryGroup[] = []
  const ignored: string[] = []
  const seen = new Set<string>()
  for (const token of all) {
    if (token.kind === 'known' && token.entry.concept === null) {
      ignored.push(token.text)
      continue
    }
    const key = token.kind === 'known' && token.entry.concept ? conceptTerm(token.entry.concept.id) : token.text
    if (seen.has(key)) continue
    seen.add(key)
    if (token.kind === 'known' && token.entry.concept) {
      const concept = token.entry.concept
      groups.push({
        kind: concept.kind,
        concepts: conceptWeights(concept),
        display: token.text,
        corrected: token.corrected,
      })
    } else groups.push({ kind: 'word', word: token.text, display: token.text, corrected: false })
  }
  // A query of filler words only ("ผ้า") is searched as it is.
  if (groups.length === 0) {
    for (const word of ignored) {
      if (!seen.has(word) && word.length >= 2) {
        seen.add(word)
        groups.push({ kind: 'word', word, display: word, corrected: false })
      }
    }
    return { groups: groups.slice(0, MAX_QUERY_GROUPS), ignored: [] }
  }
  return { groups: groups.slice(0, MAX_QUERY_GROUPS), ignored }
}

/** The concepts a product's text names (no typo correction: the catalog is spelt as it should be). */
export function conceptsIn(text: string): Set<string> {
  const found = new Set<string>()
  for (const token of tokens(text, false)) {
    if (token.kind === 'known' && token.entry.concept) found.add(token.entry.concept.id)
  }
  return found
}

/** The corrected query to offer as "did you mean", or null when nothing was corrected. */
export function correctedQuery(analysed: AnalysedQuery, replacements: ReadonlyMap<string, string> = new Map()) {
  let changed = false
  const words = analysed.groups.map((group) => {
    if (group.corrected) changed = true
    if (group.kind === 'word') {
      const replacement = replacements.get(group.word)
      if (replacement && replacement !== group.word) {
        changed = true
        return replacement
      }
    }
    return group.display
  })
  return changed ? words.join(' ') : null
}
