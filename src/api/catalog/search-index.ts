import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { resultRows, type Db } from '~/db/client.server'
import { productSearchTerms } from '~/db/schema'
import { compareRanked, hittingGroups, windowSettles, type RankedRow } from './search-rank'

/** How much work search may do (issue 3's budget); the defaults hold it at 100,000 products. */
export type SearchLimits = {
  /** Totals are exact up to this many products, and "at least" past it. */
  totalCap: number
  /** Multi-word ranking's recency window (see rankWords): postings per index run, first and at most. */
  windowStart: number
  windowMax: number
  /** How many older postings a group may hold for its products to be scored one by one (rankOlder). */
  hittingMax: number
}

export const SEARCH_LIMITS: SearchLimits = { totalCap: 1000, windowStart: 2000, windowMax: 16_000, hittingMax: 2000 }
const RANK_WINDOW_GROWTH = 4

/**
 * A query word's index term: how much it counts, how it matched, whether it is a close match of the word (the concept
 * named, or one as good: CLOSE_CONCEPT_WEIGHT; the word itself or a longer one it begins, not a typo guess), and for
 * a close product type, its home category (the category a query naming it shows first).
 */
export type Candidate = {
  term: string
  weight: number
  match: 'exact' | 'prefix' | 'fuzzy'
  close: boolean
  home: string | null
}

const windowRow = z.object({
  id: z.string().nullable(),
  groups: z.number().nullable(),
  score: z.number().nullable(),
  rank: z.number().nullable(),
  floor: z.number().nullable(),
  best: z.array(z.number().nullable()).nullable(),
})

function rankedRows(rows: ReadonlyArray<z.infer<typeof windowRow>>): RankedRow[] {
  return rows.flatMap((row) =>
    row.id === null ? [] : [{ id: row.id, groups: row.groups ?? 0, score: row.score ?? 0, rank: row.rank ?? 0 }],
  )
}

/** The query's candidates as VALUES rows (term, group, weight). */
function candidateValues(groups: Candidate[][]): SQL {
  return sql.join(
    groups.flatMap((list, group) =>
      list.map((candidate) => sql`(${candidate.term}::text, ${group}::int, ${candidate.weight}::real)`),
    ),
    sql`, `,
  )
}

/** A product's best score in each group, over rows `h` of (grp, score). */
const groupScores = (groups: Candidate[][]) =>
  groups.map((_, group) => sql`max(h.score) FILTER (WHERE h.grp = ${sql.raw(String(group))})`)

const groupsMatched = (groups: Candidate[][]) =>
  sql.join(
    groupScores(groups).map((score) => sql`(${score} IS NOT NULL)::int`),
    sql` + `,
  )

const scoreSum = (groups: Candidate[][]) =>
  sql.join(
    groupScores(groups).map((score) => sql`coalesce(${score}, 0)`),
    sql` + `,
  )

/**
 * The ranked search index (product_search_terms) read for a query's groups of candidate terms: the bounded ranking
 * of issue 3 (rankWords) and the capped count of matches. The ranking's pure rules are in search-rank.ts.
 */
export class SearchIndex {
  constructor(
    private readonly db: Db,
    private readonly limits: SearchLimits = SEARCH_LIMITS,
  ) {}

  /**
   * Ranked search over the index (decision 018): products that match more of the query's groups come first (all words
   * before some); among them, scores add up by what matched and where, newest first on ties.
   */
  rank(groups: Candidate[][], limit: number, offset: number): Promise<string[]> {
    if (groups.length === 0) return Promise.resolve([])
    return groups.length === 1
      ? this.rankOneWord(groups[0] ?? [], limit, offset)
      : this.rankWords(groups, limit, offset)
  }

  /**
   * How many products hold any of these terms, exactly up to the total cap: each term's postings are
   * counted only that far, and when one term alone has more, the answer is "more than the cap" without
   * reading the rest. Under the cap, every term has at most that many postings, so the union is small.
   */
  async countMatches(terms: string[]): Promise<{ total: number; lowerBound: boolean }> {
    if (terms.length === 0) return { total: 0, lowerBound: false }
    const list = sql.join(
      terms.map((term) => sql`(${term}::text)`),
      sql`, `,
    )
    const result = await this.db.execute(sql`
      WITH cand(term) AS (VALUES ${list}),
      capped AS (
        SELECT (SELECT count(*) FROM (
          SELECT 1 FROM ${productSearchTerms} pst WHERE pst.term = c.term LIMIT ${this.limits.totalCap + 1}
        ) s)::int AS n
        FROM cand c
      )
      SELECT CASE WHEN (SELECT max(n) FROM capped) > ${this.limits.totalCap} THEN ${this.limits.totalCap + 1}
        ELSE (SELECT count(DISTINCT pst.product_id) FROM ${productSearchTerms} pst
              WHERE pst.term IN (SELECT term FROM cand))
        END::int AS total`)
    const [row] = z.array(z.object({ total: z.number() })).parse(resultRows(result))
    const total = row?.total ?? 0
    const cap = this.limits.totalCap
    return total > cap ? { total: cap, lowerBound: true } : { total, lowerBound: false }
  }

  /**
   * One query group: the best `offset + limit` postings of each candidate come straight from the ranked
   * index, so the work does not grow with the number of matching products.
   */
  private async rankOneWord(candidates: Candidate[], limit: number, offset: number): Promise<string[]> {
    const values = sql.join(
      candidates.map((candidate) => sql`(${candidate.term}::text, ${candidate.weight}::real)`),
      sql`, `,
    )
    const result = await this.db.execute(sql`
      WITH cand(term, weight) AS (VALUES ${values})
      SELECT x.product_id AS id, max(c.weight * x.weight) AS score, max(x.rank) AS rank
      FROM cand c CROSS JOIN LATERAL (
        SELECT pst.weight, pst.rank, pst.product_id FROM ${productSearchTerms} pst
        WHERE pst.term = c.term
        -- NULLS LAST as in the index (the columns are never null), or PostgreSQL sorts every posting.
        ORDER BY pst.weight DESC NULLS LAST, pst.rank DESC NULLS LAST, pst.product_id
        LIMIT ${offset + limit}
      ) x
      GROUP BY x.product_id
      ORDER BY score DESC, rank DESC, id
      LIMIT ${limit} OFFSET ${offset}`)
    return z
      .array(z.object({ id: z.string() }))
      .parse(resultRows(result))
      .map((row) => row.id)
  }

  /**
   * Several query groups: a product's best match in each group counts; products matching more groups
   * come first, then by the sum of their groups' scores, newest first on ties. No group is required.
   *
   * Bounded (issue 3's budget): rather than every posting of every group, the ranking reads a recency window.
   * Each (term, weight) run of the ranked index is read newest first, at most `window` postings; the
   * window's floor is the newest rank at which a run was cut, and every product newer than the floor has
   * all its postings read, so inside the window products are ranked exactly as in the whole catalog. The
   * page is then the catalog's when no older product can rank above its last product: that one scores the
   * most its number of groups allows (windowSettles), or every product that could do better must hold one
   * small group, whose older products are then scored one by one (hittingGroups). Otherwise the window
   * grows, up to `windowMax` postings a run; past that the page is ranked within the widest window.
   */
  private async rankWords(groups: Candidate[][], limit: number, offset: number): Promise<string[]> {
    const depth = offset + limit
    const page = (rows: RankedRow[]) => rows.slice(offset, depth).map((row) => row.id)
    let window = Math.max(this.limits.windowStart, depth)
    for (;;) {
      const ranked = await this.rankWindow(groups, window, depth)
      if (ranked.floor === null || windowSettles(ranked.rows, ranked.groupBests, depth)) return page(ranked.rows)
      const last = ranked.rows[depth - 1]
      const hitting = last ? hittingGroups(ranked.groupBests, last.groups, last.score) : []
      if (hitting.length > 0) {
        const older = await this.rankOlder(groups, hitting, ranked.floor, depth)
        if (older !== null) return page([...ranked.rows, ...older].sort(compareRanked))
      }
      if (window >= this.limits.windowMax) return page(ranked.rows)
      window = Math.min(this.limits.windowMax, window * RANK_WINDOW_GROWTH)
    }
  }

  /** The exact ranking of the products inside one recency window (see rankWords), best first. */
  private async rankWindow(groups: Candidate[][], window: number, depth: number) {
    const result = await this.db.execute(sql`
      WITH RECURSIVE cand(term, grp, weight) AS (VALUES ${candidateValues(groups)}),
      -- The weights each term holds, one index probe a weight (a loose index scan).
      runs(term, grp, cweight, weight) AS (
        SELECT c.term, c.grp, c.weight,
          (SELECT max(pst.weight) FROM ${productSearchTerms} pst WHERE pst.term = c.term)
        FROM cand c
        UNION ALL
        SELECT r.term, r.grp, r.cweight,
          (SELECT max(pst.weight) FROM ${productSearchTerms} pst WHERE pst.term = r.term AND pst.weight < r.weight)
        FROM runs r WHERE r.weight IS NOT NULL
      ),
      hits AS (
        SELECT r.grp, r.term, r.weight, r.cweight * x.weight AS score, x.rank, x.product_id
        FROM runs r CROSS JOIN LATERAL (
          SELECT pst.weight, pst.rank, pst.product_id FROM ${productSearchTerms} pst
          WHERE pst.term = r.term AND pst.weight = r.weight
          ORDER BY pst.weight DESC NULLS LAST, pst.rank DESC NULLS LAST, pst.product_id
          LIMIT ${window}
        ) x
        WHERE r.weight IS NOT NULL
      ),
      -- Where the window stops: the newest rank at which a run was cut (none when no run was).
      floor AS (
        SELECT max(cut) AS rank FROM (
          SELECT min(rank) AS cut FROM hits GROUP BY grp, term, weight HAVING count(*) = ${window}
        ) cuts
      ),
      matched AS (
        SELECT h.product_id, max(h.rank) AS rank, ${groupsMatched(groups)} AS groups, ${scoreSum(groups)} AS score
        FROM hits h, floor f WHERE f.rank IS NULL OR h.rank > f.rank
        GROUP BY h.product_id
      ),
      -- The best score each group can give (null when none of its terms is indexed).
      bests AS (
        SELECT array_agg(b.best ORDER BY b.grp)::float8[] AS best FROM (
          SELECT g.grp, max(r.cweight * r.weight) AS best
          FROM (SELECT DISTINCT grp FROM cand) g LEFT JOIN runs r ON r.grp = g.grp AND r.weight IS NOT NULL
          GROUP BY g.grp
        ) b
      )
      SELECT m.product_id AS id, m.groups::int AS groups, m.score::float8 AS score, m.rank::float8 AS rank,
        f.rank::float8 AS floor, (SELECT best FROM bests) AS best
      FROM floor f LEFT JOIN matched m ON true
      ORDER BY m.groups DESC, m.score DESC, m.rank DESC, m.product_id
      LIMIT ${depth}`)
    const rows = windowRow.array().parse(resultRows(result))
    return {
      rows: rankedRows(rows),
      floor: rows[0]?.floor ?? null,
      groupBests: (rows[0]?.best ?? []).map((best) => best ?? null),
    }
  }

  /**
   * The best `depth` products at or under the window's floor among those holding one of these groups
   * (the smallest of them, if it holds at most `hittingMax` postings there: null otherwise), each
   * scored over all the query's groups by the primary key's probes.
   */
  private async rankOlder(groups: Candidate[][], hitting: number[], floor: number, depth: number) {
    const hit = sql.join(
      hitting.flatMap((group) =>
        (groups[group] ?? []).map((candidate) => sql`(${candidate.term}::text, ${group}::int)`),
      ),
      sql`, `,
    )
    const result = await this.db.execute(sql`
      WITH cand(term, grp, weight) AS (VALUES ${candidateValues(groups)}),
      hit(term, grp) AS (VALUES ${hit}),
      sizes AS (
        SELECT h.grp, count(*) AS n FROM hit h CROSS JOIN LATERAL (
          SELECT 1 FROM ${productSearchTerms} pst WHERE pst.term = h.term AND pst.rank <= ${floor}
          LIMIT ${this.limits.hittingMax + 1}
        ) x GROUP BY h.grp
      ),
      chosen AS (SELECT grp FROM sizes WHERE n <= ${this.limits.hittingMax} ORDER BY n LIMIT 1),
      driver AS (
        SELECT DISTINCT pst.product_id FROM hit h JOIN chosen USING (grp)
        JOIN ${productSearchTerms} pst ON pst.term = h.term AND pst.rank <= ${floor}
      ),
      -- One primary-key probe a product and term (LIMIT 1 keeps PostgreSQL from joining every posting).
      hits AS (
        SELECT c.grp, c.weight * x.weight AS score, x.rank, d.product_id
        FROM driver d CROSS JOIN cand c CROSS JOIN LATERAL (
          SELECT pst.weight, pst.rank FROM ${productSearchTerms} pst
          WHERE pst.term = c.term AND pst.product_id = d.product_id LIMIT 1
        ) x
      ),
      matched AS (
        SELECT h.product_id, max(h.rank) AS rank, ${groupsMatched(groups)} AS groups, ${scoreSum(groups)} AS score
        FROM hits h GROUP BY h.product_id
      )
      SELECT m.product_id AS id, m.groups::int AS groups, m.score::float8 AS score, m.rank::float8 AS rank,
        NULL::float8 AS floor, NULL::float8[] AS best
      FROM (SELECT count(*) AS n FROM chosen) k LEFT JOIN matched m ON k.n > 0
      WHERE k.n > 0
      ORDER BY m.groups DESC, m.score DESC, m.rank DESC, m.product_id
      LIMIT ${depth}`)
    const rows = windowRow.array().parse(resultRows(result))
    // No row at all: no group was small enough (a chosen group always yields its "no product" row).
    return rows.length === 0 ? null : rankedRows(rows)
  }
}
