/**
 * The Thai postal data (77 provinces, 928 districts, ~7,500 sub-districts with their postcodes) indexed in
 * memory for the address form: pickers, filling the form from a postcode, and the Thai rules of §5.
 * Server-only: the data set is a few hundred kilobytes the pages do not need to download.
 */
import type { LocaleCode } from '~/config/constants'
import type { ThaiPostalLookup } from '~/domain/address'
import { DISTRICT_NAMES_EN, PROVINCE_NAMES_EN, SUB_DISTRICT_NAMES_EN } from './thai-place-names-en.server'

/** One row of thai-address-universal: a sub-district and one of its postcodes ('' for a few uninhabited islands). */
export type ThaiPostalRow = { province: string; district: string; sub_district: string; postal_code: string }

/** A province or district for a picker: `name` in the requested language, both names to submit or switch language. */
export type ThaiPlaceName = { name: string; nameTh: string; nameEn: string }

/** A sub-district for a picker, with its postcodes (most have one; a few have several, or none). */
export type ThaiSubDistrictName = ThaiPlaceName & { postcodes: string[] }

/** One place a postcode serves, named in the requested language: fills the form once a postcode is typed. */
export type ThaiPostcodeMatch = { province: string; district: string; subDistrict: string; postcode: string }

/** The Thai postal data: the lookups of the §5 rules, plus the lists the address form shows. Inputs may be Thai or English. */
export interface ThaiPostal extends ThaiPostalLookup {
  provinces(locale: LocaleCode): ThaiPlaceName[]
  districts(province: string, locale: LocaleCode): ThaiPlaceName[]
  subDistricts(province: string, district: string, locale: LocaleCode): ThaiSubDistrictName[]
  byPostcode(postcode: string, locale: LocaleCode): ThaiPostcodeMatch[]
}

type Named = { nameTh: string; nameEn: string }

type SubDistrictNode = Named & { postcodes: string[]; district: DistrictNode }
type DistrictNode = Named & { subDistricts: NameIndex<SubDistrictNode>; province: ProvinceNode }
type ProvinceNode = Named & { districts: NameIndex<DistrictNode> }

/** English names compare case-insensitively and regardless of runs of spaces. */
function englishKey(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase()
}

/**
 * Places of one level under one parent, found by their Thai name (exactly, after trimming) or their English
 * name (case-insensitively). English names are not unique: Ayutthaya has two districts romanised 'Bang Sai'
 * (บางไทร, บางซ้าย), so a lookup returns every match.
 */
class NameIndex<T extends Named> {
  private readonly byThai = new Map<string, T>()
  private readonly byEnglish = new Map<string, T[]>()

  get(nameTh: string): T | undefined {
    return this.byThai.get(nameTh)
  }

  /** Adds a place, found by its Thai name, its English name, and `formerEnglish` (the package's own, if replaced). */
  add(node: T, formerEnglish: string): void {
    this.byThai.set(node.nameTh, node)
    for (const key of new Set([englishKey(node.nameEn), englishKey(formerEnglish)])) {
      const same = this.byEnglish.get(key)
      if (same) same.push(node)
      else this.byEnglish.set(key, [node])
    }
  }

  find(name: string): T[] {
    const trimmed = name.trim()
    if (!trimmed) return []
    const thai = this.byThai.get(trimmed)
    return thai ? [thai] : (this.byEnglish.get(englishKey(trimmed)) ?? [])
  }

  all(): T[] {
    return [...this.byThai.values()]
  }
}

const collators: Record<LocaleCode, Intl.Collator> = {
  th: new Intl.Collator('th'),
  en: new Intl.Collator('en'),
}

function localName(node: Named, locale: LocaleCode): string {
  return locale === 'th' ? node.nameTh : node.nameEn
}

function placeName(node: Named, locale: LocaleCode): ThaiPlaceName {
  return { name: localName(node, locale), nameTh: node.nameTh, nameEn: node.nameEn }
}

function sortByName<T extends { name: string }>(items: T[], locale: LocaleCode): T[] {
  return items.sort((a, b) => collators[locale].compare(a.name, b.name))
}

/**
 * Builds the index from the Thai and the English rows of thai-address-universal, which are aligned row by row
 * (same length, same postcode at each index); throws when they are not, rather than pair wrong names.
 * English names the package garbles are replaced by their official romanisation (thai-place-names-en.server.ts);
 * the package's spelling still finds the place.
 */
export function createThaiPostal(
  thaiRows: readonly ThaiPostalRow[],
  englishRows: readonly ThaiPostalRow[],
): ThaiPostal {
  if (thaiRows.length === 0 || thaiRows.length !== englishRows.length) {
    throw new Error(`Thai postal data: ${thaiRows.length} Thai rows but ${englishRows.length} English rows`)
  }
  const provinceIndex = new NameIndex<ProvinceNode>()
  const postcodeIndex = new Map<string, SubDistrictNode[]>()

  thaiRows.forEach((th, index) => {
    const en = englishRows[index]
    if (!en || en.postal_code !== th.postal_code) {
      throw new Error(`Thai postal data: the Thai and English rows differ at row ${index}`)
    }
    let province = provinceIndex.get(th.province)
    if (!province) {
      const nameEn = PROVINCE_NAMES_EN[th.province] ?? en.province
      province = { nameTh: th.province, nameEn, districts: new NameIndex() }
      provinceIndex.add(province, en.province)
    }
    let district = province.districts.get(th.district)
    if (!district) {
      const nameEn = DISTRICT_NAMES_EN[`${th.province}|${th.district}`] ?? en.district
      district = { nameTh: th.district, nameEn, subDistricts: new NameIndex(), province }
      province.districts.add(district, en.district)
    }
    let subDistrict = district.subDistricts.get(th.sub_district)
    if (!subDistrict) {
      const nameEn = SUB_DISTRICT_NAMES_EN[`${th.province}|${th.district}|${th.sub_district}`] ?? en.sub_district
      subDistrict = { nameTh: th.sub_district, nameEn, postcodes: [], district }
      district.subDistricts.add(subDistrict, en.sub_district)
    }
    // A sub-district split between postcodes appears once per postcode; a few islands have none ('').
    const postcode = th.postal_code.trim()
    if (postcode && !subDistrict.postcodes.includes(postcode)) {
      subDistrict.postcodes.push(postcode)
      subDistrict.postcodes.sort()
      const places = postcodeIndex.get(postcode)
      if (places) places.push(subDistrict)
      else postcodeIndex.set(postcode, [subDistrict])
    }
  })

  const findDistricts = (province: string, district: string): DistrictNode[] =>
    provinceIndex.find(province).flatMap((node) => node.districts.find(district))
  const findSubDistricts = (province: string, district: string, subDistrict: string): SubDistrictNode[] =>
    findDistricts(province, district).flatMap((node) => node.subDistricts.find(subDistrict))

  const sortedProvinces = new Map<LocaleCode, ThaiPlaceName[]>()

  return {
    hasProvince: (name) => provinceIndex.find(name).length > 0,
    hasDistrict: (province, district) => findDistricts(province, district).length > 0,
    subDistrictPostcodes(province, district, subDistrict) {
      const matches = findSubDistricts(province, district, subDistrict)
      if (matches.length === 0) return null
      return [...new Set(matches.flatMap((node) => node.postcodes))].sort()
    },
    postcodeExists: (postcode) => postcodeIndex.has(postcode.trim()),
    provinces(locale) {
      let list = sortedProvinces.get(locale)
      if (!list) {
        list = sortByName(
          provinceIndex.all().map((node) => placeName(node, locale)),
          locale,
        )
        sortedProvinces.set(locale, list)
      }
      return list.map((item) => ({ ...item }))
    },
    districts(province, locale) {
      const nodes = provinceIndex.find(province).flatMap((node) => node.districts.all())
      return sortByName(
        nodes.map((node) => placeName(node, locale)),
        locale,
      )
    },
    subDistricts(province, district, locale) {
      const nodes = findDistricts(province, district).flatMap((node) => node.subDistricts.all())
      return sortByName(
        nodes.map((node) => ({ ...placeName(node, locale), postcodes: [...node.postcodes] })),
        locale,
      )
    },
    byPostcode(postcode, locale) {
      const code = postcode.trim()
      const collator = collators[locale]
      return (postcodeIndex.get(code) ?? [])
        .map((node) => ({
          province: localName(node.district.province, locale),
          district: localName(node.district, locale),
          subDistrict: localName(node, locale),
          postcode: code,
        }))
        .sort(
          (a, b) =>
            collator.compare(a.province, b.province) ||
            collator.compare(a.district, b.district) ||
            collator.compare(a.subDistrict, b.subDistrict),
        )
    },
  }
}

let loading: Promise<ThaiPostal> | null = null

/**
 * Reads both data sets of thai-address-universal. Its language is process-global state (setEngMode), so this
 * runs once per process, Thai then English, one after the other, and nothing else in the app may switch it.
 */
async function loadThaiPostal(): Promise<ThaiPostal> {
  const { getDatabase, setEngMode } = await import('thai-address-universal')
  await setEngMode(false)
  const thaiRows = getDatabase()
  await setEngMode(true)
  const englishRows = getDatabase()
  return createThaiPostal(thaiRows, englishRows)
}

/**
 * The Thai postal index, built on first use and shared by every request (one promise, so concurrent first
 * requests load the data once). A failed load is forgotten, so the next call tries again.
 */
export function getThaiPostal(): Promise<ThaiPostal> {
  if (!loading) {
    loading = loadThaiPostal()
    loading.catch(() => {
      loading = null
    })
  }
  return loading
}
