/**
 * The arithmetic of bounded multi-word ranking (CatalogService.rankWords): when the first products ranked
 * inside a recency window of the index are known to be the whole catalog's.
 */

/** One ranked product: how many query groups it matches, its score, its rank (creation time). */
export type RankedRow = { id: string; groups: number; score: number; rank: number }

/** The search order: more groups, then a higher score, then newer, then by id. */
export function compareRanked(a: RankedRow, b: RankedRow): number {
  return b.groups - a.groups || b.score - a.score || b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** The most a product matching `tier` of the groups can score: the best scores of that many groups. */
function tierBest(groupBests: ReadonlyArray<number | null>, tier: number): number {
  return groupBests
    .flatMap((best) => (best === null ? [] : [best]))
    .sort((a, b) => b - a)
    .slice(0, tier)
    .reduce((sum, best) => sum + best, 0)
}

const SCORE_EPSILON = 1e-6

/**
 * Whether the first `depth` products ranked inside a recency window (CatalogService.rankWords) are the
 * catalog's: the product at `depth` matches every group any product can match (a group whose terms are
 * indexed), with the best score there is, so no older product can rank above it (an equal one is older).
 */
export function windowSettles(
  rows: ReadonlyArray<{ groups: number; score: number }>,
  groupBests: ReadonlyArray<number | null>,
  depth: number,
): boolean {
  const last = rows[depth - 1]
  if (last === undefined) return false
  const matchable = groupBests.filter((best) => best !== null).length
  return last.groups === matchable && last.score >= tierBest(groupBests, matchable) - SCORE_EPSILON
}

/**
 * The groups that every product ranking above (tier, score) must hold: without group g, a product
 * matches at most the other matchable groups, which must be no more than `tier` and score no more than
 * `score` (an equal score loses to the newer product in the window).
 */
export function hittingGroups(groupBests: ReadonlyArray<number | null>, tier: number, score: number): number[] {
  return groupBests.flatMap((best, group) => {
    if (best === null) return []
    const others = groupBests.map((other, index) => (index === group ? null : other))
    const matchable = others.filter((other) => other !== null).length
    return matchable <= tier && tierBest(others, tier) <= score + SCORE_EPSILON ? [group] : []
  })
}

/**
 * How closely a result matches its query (issue 29, item 17), shown in this order: 0, what was asked for (every
 * word of the query, each by the concept it names or a close one, a product type in its own category); 1, the
 * product type asked for in its category, otherwise different (a dress of another colour for "black dress", a shirt
 * of another colour for "white shirt"); 2, something else of that category (a blouse for "white shirt"); 3, the rest
 * (black things that are not dresses). The search page draws a divider before the first result past 0.
 */
export type MatchTier = 0 | 1 | 2 | 3

/** What a query requires of a close match: per query word, the index terms that match it closely. */
export type TierPlan = {
  /** Per required group, its close terms (a group of only typo guesses of an unknown word requires nothing). */
  readonly groups: ReadonlyArray<ReadonlySet<string>>
  /** The close terms of the groups that name a product type with a home category. */
  readonly types: ReadonlyArray<ReadonlySet<string>>
  /** The categories the query's product types belong to (empty: the query names no product type). */
  readonly homes: ReadonlySet<string>
}

const holdsOne = (group: ReadonlySet<string>, terms: ReadonlySet<string>) => [...group].some((term) => terms.has(term))

export function matchTier(plan: TierPlan, category: string, terms: ReadonlySet<string>): MatchTier {
  const inHome = plan.homes.has(category)
  const whole = plan.groups.every((group) => holdsOne(group, terms))
  if (whole && (plan.homes.size === 0 || inHome)) return 0
  if (!inHome) return 3
  return plan.types.every((group) => holdsOne(group, terms)) ? 1 : 2
}

/**
 * The order of search results: the first `depth` ranked rows (the same rows for every page, so pages never repeat or
 * skip a result) by tier, and within a tier buyable before sold out, otherwise in rank order; the rows past them in
 * rank order. A stable sort: rank order stands within each part.
 */
export function resultOrder<T extends { tier: MatchTier; buyable: boolean }>(rows: readonly T[], depth: number): T[] {
  const head = rows
    .slice(0, depth)
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.tier - b.row.tier || Number(b.row.buyable) - Number(a.row.buyable) || a.index - b.index)
    .map(({ row }) => row)
  return [...head, ...rows.slice(depth)]
}
