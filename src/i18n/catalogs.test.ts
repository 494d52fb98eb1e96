import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Entry = { id: string; translation: string }

/** Reads msgid/msgstr pairs of a .po file (single-line and continued strings). */
function readPo(path: string): Entry[] {
  const entries: Entry[] = []
  let current: { id: string; translation: string } | null = null
  let field: 'id' | 'translation' | null = null
  const unquote = (text: string) => JSON.parse(text) as string
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      if (current) entries.push(current)
      current = { id: unquote(line.slice(6)), translation: '' }
      field = 'id'
    } else if (line.startsWith('msgstr ') && current) {
      current.translation = unquote(line.slice(7))
      field = 'translation'
    } else if (line.startsWith('"') && current && field) {
      current[field] += unquote(line)
    }
  }
  if (current) entries.push(current)
  return entries.filter((entry) => entry.id !== '')
}

/** The files a catalog's messages come from (the `#:` references of the .po file). */
function sourcesOf(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#: '))
    .flatMap((line) => line.slice(3).split(' '))
}

// The pages' catalog (loaded by the browser), the e-mails' catalog (server only, decision 110) and the back office's
// (decision 177), each with the least number of messages it must hold (so that an emptied catalog cannot pass).
describe.each([
  { catalog: 'messages', least: 50 },
  { catalog: 'emails', least: 50 },
  { catalog: 'admin', least: 30 },
])('message catalog $catalog (§5: same keys in Thai and English)', ({ catalog, least }) => {
  const th = readPo(`locales/th/${catalog}.po`)
  const en = readPo(`locales/en/${catalog}.po`)

  it('hold the same message ids', () => {
    expect(th.map((e) => e.id).sort()).toEqual(en.map((e) => e.id).sort())
    expect(th.length).toBeGreaterThan(least)
  })

  it('translate every message into Thai', () => {
    const missing = th.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id)
    expect(missing).toEqual([])
  })

  it('write Thai in Thai script', () => {
    const notThai = th.filter((entry) => /[a-z]{4,}/i.test(entry.id) && !/[\u0E00-\u0E7F]/.test(entry.translation))
    // Brand names and codes may stay Latin; prose may not.
    expect(notThai.map((entry) => entry.id).filter((id) => id.split(' ').length > 2)).toEqual([])
  })

  it('keep placeholders intact', () => {
    // The names of the placeholders, each once: `{name}` or `{name, plural, …}`; a plural's forms are words (Thai has
    // one form where English has two), and a form's text may begin with a word (`one {Colour …}`), which is no name.
    const placeholders = (text: string) =>
      [...new Set(Array.from(text.matchAll(/\{(\w+)\s*[,}]/g), (match) => match[1]))].sort()
    for (const entry of th) expect(placeholders(entry.translation), entry.id).toEqual(placeholders(entry.id))
    // A plural stays a plural of the same name, with its count.
    for (const entry of th.filter((each) => /, plural,/.test(each.id)))
      expect(entry.translation, entry.id).toMatch(/\{\w+, plural, (?:[^{}]*\{[^{}]*#[^{}]*\})+\}/)
  })
})

describe('the e-mails’ words stay out of the browser’s catalog', () => {
  it('takes e-mail messages only into emails.po', () => {
    for (const locale of ['th', 'en']) {
      expect(sourcesOf(`locales/${locale}/messages.po`).filter((file) => file.startsWith('src/api/emails/'))).toEqual(
        [],
      )
      const emailSources = sourcesOf(`locales/${locale}/emails.po`)
      expect(emailSources.length).toBeGreaterThan(0)
      expect(emailSources.filter((file) => !file.startsWith('src/api/emails/'))).toEqual([])
    }
  })
})

describe('the back office’s words stay out of the pages’ catalog (decision 177)', () => {
  it('takes the back office’s messages only into admin.po', () => {
    for (const locale of ['th', 'en']) {
      expect(sourcesOf(`locales/${locale}/messages.po`).filter((file) => file.startsWith('src/admin/'))).toEqual([])
      const adminSources = sourcesOf(`locales/${locale}/admin.po`)
      expect(adminSources.length).toBeGreaterThan(0)
      expect(adminSources.filter((file) => !file.startsWith('src/admin/'))).toEqual([])
    }
  })
})
