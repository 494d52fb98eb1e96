/** A text in each language of the shop. */
export type InLanguages = Readonly<Record<'th' | 'en', string>>

/**
 * The banks of Thailand that a shop may bank with, by their official English and Thai names (the names on their own
 * sites and the Bank of Thailand's list). A Thai reader is shown the Thai name (issue 29: the Thai bank-transfer
 * page and Thai e-mails said "Kasikornbank").
 */
export const THAI_BANKS: readonly InLanguages[] = [
  { en: 'Kasikornbank', th: 'ธนาคารกสิกรไทย' },
  { en: 'Bangkok Bank', th: 'ธนาคารกรุงเทพ' },
  { en: 'Siam Commercial Bank', th: 'ธนาคารไทยพาณิชย์' },
  { en: 'Krungthai Bank', th: 'ธนาคารกรุงไทย' },
  { en: 'Krungsri (Bank of Ayudhya)', th: 'ธนาคารกรุงศรีอยุธยา' },
  { en: 'TMBThanachart Bank', th: 'ธนาคารทหารไทยธนชาต' },
  { en: 'Government Savings Bank', th: 'ธนาคารออมสิน' },
  { en: 'Kiatnakin Phatra Bank', th: 'ธนาคารเกียรตินาคินภัทร' },
  { en: 'CIMB Thai Bank', th: 'ธนาคารซีไอเอ็มบี ไทย' },
  { en: 'UOB (Thai)', th: 'ธนาคารยูโอบี' },
  { en: 'TISCO Bank', th: 'ธนาคารทิสโก้' },
  { en: 'Land and Houses Bank', th: 'ธนาคารแลนด์ แอนด์ เฮ้าส์' },
]

/** Other spellings of the same banks (abbreviations, the names people use), lower case. */
const ALIASES: Readonly<Record<string, string>> = {
  kbank: 'Kasikornbank',
  'kasikorn bank': 'Kasikornbank',
  bbl: 'Bangkok Bank',
  scb: 'Siam Commercial Bank',
  ktb: 'Krungthai Bank',
  'krung thai bank': 'Krungthai Bank',
  bay: 'Krungsri (Bank of Ayudhya)',
  krungsri: 'Krungsri (Bank of Ayudhya)',
  'bank of ayudhya': 'Krungsri (Bank of Ayudhya)',
  ttb: 'TMBThanachart Bank',
  gsb: 'Government Savings Bank',
  kkp: 'Kiatnakin Phatra Bank',
  cimb: 'CIMB Thai Bank',
  uob: 'UOB (Thai)',
  tisco: 'TISCO Bank',
  lhb: 'Land and Houses Bank',
}

/**
 * A bank's name in each language from its configured name (English, Thai or a common abbreviation); `thai` overrides
 * the Thai name. A bank not in the list keeps the configured name in both languages unless `thai` is given.
 */
export function bankNames(configured: string, thai?: string): InLanguages {
  const key = configured.trim().toLowerCase()
  const english = ALIASES[key] ?? configured.trim()
  const bank = THAI_BANKS.find((entry) => entry.en.toLowerCase() === english.toLowerCase() || entry.th === key)
  return { en: bank?.en ?? configured.trim(), th: thai?.trim() || bank?.th || configured.trim() }
}
