/**
 * Generated images for the demo catalog: the shop has no photos and no network, so product images and
 * banners are drawn as SVG in the brand's editorial black-and-white look. Pure functions, no Node imports.
 */

const FONT_FAMILY = 'Helvetica, Arial, sans-serif'
const WORDMARK = 'ATELIER SIAM'

/** Escapes text for SVG content and attributes, and drops characters XML 1.0 does not allow. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------------

type Rgb = { r: number; g: number; b: number }

const FALLBACK_COLOR: Rgb = { r: 138, g: 134, b: 128 }

function parseHex(value: string): Rgb {
  const hex = value.trim().replace(/^#/, '')
  const full = /^[0-9a-f]{3}$/i.test(hex)
    ? hex
        .split('')
        .map((c) => c + c)
        .join('')
    : hex
  if (!/^[0-9a-f]{6}$/i.test(full)) return FALLBACK_COLOR
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  }
}

function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${part(r)}${part(g)}${part(b)}`
}

/** `a` moved towards `b` by `t` (0: a, 1: b). */
function mix(a: Rgb, b: Rgb | string, t: number): Rgb {
  const other = typeof b === 'string' ? parseHex(b) : b
  return { r: a.r + (other.r - a.r) * t, g: a.g + (other.g - a.g) * t, b: a.b + (other.b - a.b) * t }
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** A number for SVG output: two decimals at most, no "-0". */
function num(value: number): string {
  return String(Math.round(value * 100) / 100 || 0)
}

function dimension(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.round(value) : fallback
}

/** FNV-1a, for ids that are unique per picture but stable between calls. */
function hashString(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/** mulberry32: a tiny seeded random generator, so a banner is the same for the same seed. */
function seededRandom(seed: number): () => number {
  let state = (Number.isFinite(seed) ? Math.trunc(seed) : 0) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A circle as path data, so that shapes are lists of paths only. */
function circle(x: number, y: number, r: number): string {
  const arc = `a${num(r)} ${num(r)} 0 1 0`
  return `M${num(x - r)} ${num(y)}${arc} ${num(2 * r)} 0${arc} ${num(-2 * r)} 0Z`
}

function svgOpen(width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">`
  )
}

function textElement(attrs: {
  text: string
  x: number
  y: number
  size: number
  fill: string
  spacing?: number
  weight?: number
  anchor?: 'start' | 'middle' | 'end'
  opacity?: number
}): string {
  const spacing = attrs.spacing ?? 0
  // Letter spacing is added after every glyph, also the last one: shift centred text back by half of it.
  const x = attrs.anchor === 'middle' ? attrs.x + spacing / 2 : attrs.anchor === 'end' ? attrs.x + spacing : attrs.x
  return (
    `<text x="${num(x)}" y="${num(attrs.y)}" font-family="${FONT_FAMILY}" font-size="${num(attrs.size)}"` +
    (attrs.weight === undefined ? '' : ` font-weight="${attrs.weight}"`) +
    (spacing === 0 ? '' : ` letter-spacing="${num(spacing)}"`) +
    (attrs.anchor === undefined || attrs.anchor === 'start' ? '' : ` text-anchor="${attrs.anchor}"`) +
    (attrs.opacity === undefined ? '' : ` fill-opacity="${num(attrs.opacity)}"`) +
    ` fill="${attrs.fill}">${escapeXml(attrs.text)}</text>`
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Product silhouettes, drawn in a 200 × 250 box
// ---------------------------------------------------------------------------------------------------------------

const BOX_WIDTH = 200
const BOX_HEIGHT = 250

type Silhouette = {
  /** Filled with the product colour and outlined. */
  body: string[]
  /** Filled with a darker shade: linings, bands, openings. */
  shade?: string[]
  /** Seams, hems, buttons: thin lines in the detail colour. */
  details?: string[]
  /** Fainter lines: pleats, ribs, creases. */
  fine?: string[]
  /** Drawn as thick strokes in the product colour (chains, cords). */
  cords?: string[]
  /** Where the close-up (view 2) looks. */
  focus: [number, number]
  /** Where the item stands, for the floor shadow of view 1. */
  floor: number
}

function ribs(x1: number, x2: number, y1: number, y2: number, step: number): string[] {
  const lines: string[] = []
  for (let x = x1; x <= x2; x += step) lines.push(`M${num(x)} ${num(y1)}L${num(x)} ${num(y2)}`)
  return lines
}

function cable(x: number, y1: number, y2: number): string {
  let d = `M${num(x)} ${num(y1)}`
  for (let y = y1, side = 1; y + 16 <= y2; y += 16, side = -side) d += `q${6 * side} 8 0 16`
  return d
}

const SILHOUETTES: Record<string, Silhouette> = {
  tops: {
    body: ['M72 28Q100 52 128 28L166 42L196 96L166 110L154 88L156 206Q100 214 44 206L46 88L34 110L4 96L34 42Z'],
    shade: ['M72 28Q100 52 128 28Q100 36 72 28Z'],
    details: ['M78 31Q100 56 122 31', 'M48 197Q100 205 152 197', 'M46 88L38 46', 'M154 88L162 46'],
    fine: ['M100 52L100 206'],
    focus: [100, 72],
    floor: 210,
  },
  shorts: {
    body: ['M42 62L158 62L170 190L112 196L100 120L88 196L30 190Z'],
    details: ['M43 78L157 78', 'M52 80Q64 102 60 122', 'M148 80Q136 102 140 122', 'M100 80L100 112'],
    fine: ['M33 180L89 186', 'M111 186L167 180', 'M66 62L66 78', 'M134 62L134 78'],
    focus: [100, 96],
    floor: 198,
  },
  skirts: {
    body: ['M66 36L134 36L138 58L182 222Q100 236 18 222L62 58Z'],
    details: ['M63 56L137 56', circle(128, 46, 2.4)],
    fine: ['M82 58L60 226', 'M100 58L100 229', 'M118 58L140 226', 'M72 58L38 222', 'M128 58L162 222'],
    focus: [100, 76],
    floor: 230,
  },
  trousers: {
    body: ['M58 18L142 18L146 40L170 238L112 238L100 78L88 238L30 238L54 40Z'],
    details: ['M55 38L145 38', 'M100 40L100 74', circle(100, 28, 2.4)],
    fine: ['M76 42L60 236', 'M124 42L140 236', 'M70 18L70 38', 'M130 18L130 38'],
    focus: [100, 62],
    floor: 240,
  },
  sets: {
    body: [
      'M74 20Q100 36 126 20L152 30L170 62L152 70L144 58L146 104L54 104L56 58L48 70L30 62L48 30Z',
      'M50 118L150 118L162 232L110 236L100 164L90 236L38 232Z',
    ],
    shade: ['M74 20Q100 36 126 20Q100 12 74 20Z'],
    details: ['M56 97L144 97', 'M51 130L149 130', 'M100 132L100 156'],
    fine: ['M40 222L89 227', 'M111 227L160 222', 'M56 58L50 32', 'M144 58L150 32'],
    focus: [100, 104],
    floor: 238,
  },
  dresses: {
    body: [
      'M76 18L88 18L100 62L112 18L124 18L150 30L162 58L140 66L134 56Q128 80 130 98L176 236Q100 250 24 236L70 98Q72 80 66 56L60 66L38 58L50 30Z',
    ],
    shade: ['M88 18L100 62L112 18Q100 26 88 18Z'],
    details: ['M70 98Q100 104 130 98', 'M100 62Q116 80 130 98', 'M118 101Q126 122 120 146', 'M123 101Q136 118 136 140'],
    fine: ['M118 101Q128 170 150 240', 'M84 104L64 238', 'M60 66L66 56', 'M140 66L134 56'],
    focus: [100, 82],
    floor: 243,
  },
  jumpsuits: {
    body: [
      'M72 14L86 14Q100 44 114 14L128 14L136 44Q128 70 132 96L162 238L110 238L100 140L90 238L38 238L68 96Q72 70 64 44Z',
    ],
    shade: ['M86 14Q100 44 114 14Q100 22 86 14Z', 'M95 93L105 93L105 106L95 106Z'],
    details: ['M69 94Q100 99 131 94', 'M68 104Q100 109 132 104', 'M72 112Q84 118 84 134', 'M128 112Q116 118 116 134'],
    fine: ['M82 110L64 236', 'M118 110L136 236', 'M100 44L100 93'],
    focus: [100, 80],
    floor: 240,
  },
  outerwear: {
    body: [
      'M70 24L100 36L130 24L164 36Q182 46 185 78L196 204L172 208L160 98L160 238L40 238L40 98L28 208L4 204L15 78Q18 46 36 36Z',
    ],
    shade: [
      'M70 24L100 36L130 24Q100 14 70 24Z',
      'M72 26L80 58L70 66L98 104L100 38Z',
      'M128 26L120 58L130 66L102 104L100 38Z',
    ],
    details: [
      'M104 104L106 238',
      'M40 150L160 150',
      'M40 160L160 160',
      circle(88, 126, 2.6),
      circle(88, 178, 2.6),
      circle(118, 126, 2.6),
      circle(118, 178, 2.6),
      'M6 192L29 195',
      'M171 195L194 192',
    ],
    fine: ['M40 98L36 46', 'M160 98L164 46', 'M50 192L74 188', 'M150 192L126 188'],
    focus: [100, 76],
    floor: 240,
  },
  knitwear: {
    body: [
      'M72 30Q100 46 128 30L164 42Q180 50 183 76L194 188L168 193L156 98L156 204L44 204L44 98L32 193L6 188L17 76Q20 50 36 42Z',
    ],
    shade: ['M72 30Q100 46 128 30Q100 22 72 30Z'],
    details: ['M76 33Q100 52 124 33', 'M44 190L156 190', 'M8 176L32 180', 'M168 180L192 176'],
    fine: [...ribs(50, 150, 192, 203, 6), cable(78, 58, 186), cable(100, 58, 186), cable(122, 58, 186)],
    focus: [100, 70],
    floor: 206,
  },
  'tote-bags': {
    body: ['M62 96C60 22 140 22 138 96L128 96C128 36 72 36 72 96Z', 'M30 96L170 96L182 236L18 236Z'],
    shade: ['M61 96L73 96L72 134L60 134Z', 'M127 96L139 96L140 134L128 134Z', 'M88 156L112 156L112 170L88 170Z'],
    details: ['M31 108L169 108', 'M22 222L178 222'],
    fine: ['M60 128L73 128', 'M127 128L140 128'],
    focus: [100, 120],
    floor: 238,
  },
  shoes: {
    body: [
      'M10 186Q8 172 28 166Q66 156 98 138Q120 126 138 100Q150 86 166 90Q182 96 184 118L186 140L180 142L178 204L170 204L164 150Q124 170 82 184Q50 194 26 194Q12 194 10 186Z',
    ],
    shade: ['M100 137Q124 124 142 102Q154 90 166 94Q176 100 178 118Q150 128 100 137Z'],
    details: ['M12 188Q50 190 82 180Q124 166 164 148', 'M170 198L178 198'],
    fine: ['M30 168Q60 162 96 142'],
    focus: [128, 126],
    floor: 206,
  },
  accessories: {
    body: [
      'M8 160Q8 138 100 136Q192 138 192 160Q192 182 100 184Q8 182 8 160Z',
      'M58 156Q54 94 100 90Q146 94 142 156Q100 166 58 156Z',
    ],
    shade: ['M57 138Q100 148 143 138L142 156Q100 166 58 156Z'],
    details: ['M80 98Q100 110 120 98', 'M22 162Q24 174 100 176Q176 174 178 162'],
    fine: ['M140 142L152 150L148 136'],
    focus: [100, 140],
    floor: 188,
  },
  jewelry: {
    cords: ['M34 30Q38 160 100 182Q162 160 166 30'],
    body: [
      'M100 188C112 202 118 212 118 220A18 18 0 0 1 82 220C82 212 88 200 100 188Z',
      circle(58, 132, 5),
      circle(142, 132, 5),
    ],
    shade: ['M100 196C106 204 110 212 110 218A10 10 0 0 1 90 218C90 212 94 204 100 196Z'],
    details: [circle(100, 184, 4)],
    focus: [100, 176],
    floor: 242,
  },
  // Shapes of particular product types, so that a picture matches its name (see silhouetteKey).
  'pencil-skirt': {
    body: ['M66 30L134 30L138 52L133 224L67 224L62 52Z'],
    details: ['M62 50L138 50', 'M100 196L100 224', circle(128, 40, 2.4)],
    fine: ['M84 54L82 220', 'M116 54L118 220'],
    focus: [100, 64],
    floor: 226,
  },
  'pleated-skirt': {
    body: ['M68 34L132 34L134 54L174 232Q100 242 26 232L66 54Z'],
    details: ['M66 52L134 52', circle(126, 44, 2.4)],
    fine: [
      ...[-54, -42, -30, -18, -6, 6, 18, 30, 42, 54].map(
        (offset) => `M${num(100 + offset * 0.55)} 56L${num(100 + offset * 1.25)} 234`,
      ),
    ],
    focus: [100, 70],
    floor: 236,
  },
  'mini-skirt': {
    body: ['M60 62L140 62L143 82L160 156Q100 164 40 156L57 82Z'],
    details: ['M57 80L143 80', circle(132, 71, 2.4)],
    fine: ['M80 84L72 158', 'M120 84L128 158'],
    focus: [100, 90],
    floor: 162,
  },
  'wide-leg-trousers': {
    body: ['M58 18L142 18L146 40L188 238L108 238L100 92L92 238L12 238L54 40Z'],
    details: ['M55 38L145 38', 'M100 40L100 80', circle(100, 28, 2.4)],
    fine: ['M72 42L40 236', 'M128 42L160 236', 'M70 18L70 38', 'M130 18L130 38'],
    focus: [100, 62],
    floor: 240,
  },
  shirt: {
    body: ['M70 26L100 40L130 26L166 40L192 198L168 204L154 94L156 222L44 222L46 94L32 204L8 198L34 40Z'],
    shade: ['M70 26L100 40L130 26L124 54L100 42L76 54Z'],
    details: [
      'M100 42L100 222',
      ...[64, 96, 128, 160, 192].map((y) => circle(104, y, 2.2)),
      'M10 190L32 194',
      'M168 194L190 190',
    ],
    fine: ['M46 94L40 46', 'M154 94L160 46', 'M60 70L84 70L84 86L60 86Z'],
    focus: [100, 60],
    floor: 224,
  },
  tank: {
    body: ['M70 30Q100 72 130 30L140 34Q134 72 152 98L150 214Q100 222 50 214L48 98Q66 72 60 34Z'],
    details: ['M74 33Q100 78 126 33', 'M52 204Q100 212 148 204'],
    focus: [100, 80],
    floor: 218,
  },
  'slip-dress': {
    body: ['M72 62Q100 74 128 62L134 112L164 240Q100 250 36 240L66 112Z'],
    cords: ['M76 62L82 18', 'M124 62L118 18'],
    details: ['M72 64Q100 76 128 64'],
    fine: ['M84 116L62 238', 'M116 116L138 238'],
    focus: [100, 84],
    floor: 243,
  },
  'column-dress': {
    body: ['M78 18L92 18Q100 30 108 18L122 18L138 40L130 102L138 240L62 240L70 102L62 40Z'],
    details: ['M70 102L130 102', 'M100 200L100 240'],
    fine: ['M84 106L80 238', 'M116 106L120 238'],
    focus: [100, 60],
    floor: 242,
  },
  'a-line-dress': {
    body: ['M76 18L90 18Q100 34 110 18L124 18L140 36L134 94L182 236Q100 248 18 236L66 94L60 36Z'],
    details: ['M66 94Q100 100 134 94'],
    fine: ['M82 98L52 236', 'M100 98L100 242', 'M118 98L148 236'],
    focus: [100, 70],
    floor: 242,
  },
  sneaker: {
    body: ['M12 176Q10 146 40 140L84 124Q112 114 132 122L178 152Q192 160 190 178L190 186L12 186Z'],
    shade: ['M10 180L192 180L192 198L10 198Z'],
    details: ['M96 130L110 150', 'M108 126L122 146', 'M120 124L134 142', 'M12 168L188 168'],
    fine: ['M140 124Q150 110 160 126'],
    focus: [110, 150],
    floor: 200,
  },
  sandal: {
    body: ['M16 186Q14 172 56 170L168 164Q192 166 190 180Q188 194 160 194L44 196Q16 196 16 186Z'],
    cords: ['M56 170Q88 124 122 168', 'M104 168Q136 134 166 166'],
    details: ['M24 188L182 182'],
    focus: [110, 170],
    floor: 198,
  },
  scarf: {
    body: ['M40 30L160 30L160 214L40 214Z'],
    shade: ['M40 30L160 30L160 52L40 52Z'],
    details: ['M40 214L160 214'],
    fine: [...ribs(44, 156, 214, 232, 6), 'M40 120L160 120', 'M100 52L100 214'],
    focus: [100, 120],
    floor: 234,
  },
  belt: {
    body: ['M4 108L196 108L196 136L4 136Z'],
    shade: ['M150 100L176 100L176 144L150 144Z'],
    details: ['M156 106L170 106L170 138L156 138Z', 'M8 112L146 112', 'M8 132L146 132'],
    fine: [circle(40, 122, 2.4), circle(60, 122, 2.4), circle(80, 122, 2.4)],
    focus: [160, 122],
    floor: 150,
  },
  generic: {
    body: ['M28 70L80 70L100 96L120 70L172 70L172 204L28 204Z'],
    shade: ['M80 70L100 96L120 70L110 64L90 64Z'],
    details: ['M100 96L100 204', circle(100, 120, 2.2), circle(100, 150, 2.2), circle(100, 180, 2.2)],
    fine: ['M28 104L60 140L60 204', 'M172 104L140 140L140 204', 'M28 150L60 150', 'M140 150L172 150'],
    focus: [100, 110],
    floor: 206,
  },
}

/** Product types by their English name: the most particular shape first, the category's shape otherwise. */
const TYPE_SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bpencil skirt\b/, 'pencil-skirt'],
  [/\bpleated (midi )?skirt\b/, 'pleated-skirt'],
  [/\bmini skirt\b/, 'mini-skirt'],
  [/\b(a-line|wrap|slip|tiered maxi) skirt\b/, 'skirts'],
  [/\b(wide-leg|fisherman) (trousers|jumpsuit)\b/, 'wide-leg-trousers'],
  [/\bshorts\b/, 'shorts'],
  [/\b(trousers|jeans)\b/, 'trousers'],
  [/\b(slip|halter-neck) dress\b/, 'slip-dress'],
  [/\bcolumn dress\b/, 'column-dress'],
  [/\b(a-line|shirt|smocked midi|tiered maxi) dress\b/, 'a-line-dress'],
  [/\bdress\b/, 'dresses'],
  [/\b(tank|camisole) top\b/, 'tank'],
  [/\bt-shirt$/, 'tops'],
  [/\b(shirt|overshirt)$/, 'shirt'],
  [/\bsneakers\b/, 'sneaker'],
  [/\b(sandals|slide sandals|strappy sandals)\b/, 'sandal'],
  [/\b(scarf|hair scarf|pocket square)\b/, 'scarf'],
  [/\bbelt\b/, 'belt'],
  [/\btote bag\b/, 'tote-bags'],
]

/** The shape to draw for a product: by its type when its English name says it, else by its category. */
export function silhouetteKey(category: string, name = ''): string {
  const text = name.trim().toLowerCase()
  if (category !== 'sets' && category !== 'jumpsuits') {
    for (const [pattern, key] of TYPE_SHAPES) if (pattern.test(text)) return key
  }
  return category.trim().toLowerCase()
}

function silhouetteFor(category: string, name?: string): Silhouette {
  const key = silhouetteKey(category, name)
  return SILHOUETTES[key] ?? SILHOUETTES.generic ?? { body: [], focus: [100, 125], floor: 240 }
}

type Palette = { fill: string; outline: string; shade: string; detail: string }

function productPalette(color: Rgb): Palette {
  const light = luminance(color)
  // Very light colours (white, ivory, cream) would vanish on the pale background: outline them clearly.
  const outline =
    light > 0.7 ? mix(color, '#2a2826', 0.55) : light < 0.03 ? mix(color, '#ffffff', 0.18) : mix(color, '#000000', 0.35)
  const shade = light < 0.03 ? mix(color, '#ffffff', 0.12) : mix(color, '#000000', 0.22)
  const detail = light < 0.06 ? mix(color, '#ffffff', 0.35) : mix(color, '#000000', light > 0.7 ? 0.45 : 0.4)
  return { fill: toHex(color), outline: toHex(outline), shade: toHex(shade), detail: toHex(detail) }
}

function drawSilhouette(shape: Silhouette, palette: Palette, texture: string | null): string {
  const parts: string[] = []
  for (const d of shape.cords ?? []) {
    parts.push(`<path d="${d}" fill="none" stroke="${palette.outline}" stroke-width="5.5" stroke-linecap="round"/>`)
    parts.push(
      `<path d="${d}" fill="none" stroke="${palette.fill}" stroke-width="3.4" stroke-linecap="round" ` +
        `stroke-dasharray="6 2.2"/>`,
    )
  }
  const outlined = `stroke="${palette.outline}" stroke-width="1.6" stroke-linejoin="round"`
  for (const d of shape.body) parts.push(`<path d="${d}" fill="${palette.fill}" ${outlined}/>`)
  if (texture !== null) for (const d of shape.body) parts.push(`<path d="${d}" fill="url(#${texture})"/>`)
  for (const d of shape.shade ?? []) parts.push(`<path d="${d}" fill="${palette.shade}" ${outlined}/>`)
  const lines = (list: string[] | undefined, opacity: number, width: number) =>
    (list ?? []).map(
      (d) =>
        `<path d="${d}" fill="none" stroke="${palette.detail}" stroke-opacity="${opacity}" stroke-width="${width}" ` +
        `stroke-linecap="round" stroke-linejoin="round"/>`,
    )
  parts.push(...lines(shape.fine, 0.35, 0.9), ...lines(shape.details, 0.75, 1.2))
  return parts.join('')
}

/** One of the three gallery views of a product: front, close-up, flat lay. */
function viewSettings(view: number, color: Rgb) {
  const light = luminance(color)
  if (view === 2) {
    return { background: toHex(mix(parseHex('#eeebe6'), color, 0.16)), ink: '#1a1a1a', scale: 1.9, angle: 0 }
  }
  if (view === 3) {
    // Flat lay: a dark table for most colours, a stone one for near-black items so they stay visible.
    const dark = light > 0.045
    return {
      background: toHex(dark ? mix(parseHex('#1c1b19'), color, 0.1) : mix(parseHex('#cfc9c0'), color, 0.06)),
      ink: dark ? '#f2efe9' : '#1a1a1a',
      scale: 0.84,
      angle: -11,
    }
  }
  const base = light > 0.7 ? '#e8e5df' : '#f5f3ef'
  return { background: toHex(mix(parseHex(base), color, 0.1)), ink: '#1a1a1a', scale: 1, angle: 0 }
}

/** Draws a demo product image (the shop has no photos): views 1–3 are front, close-up and flat lay. */
export function productImageSvg(input: {
  category: string
  /** The product's English name: its type (pencil skirt, wide-leg trousers…) picks the shape. */
  name?: string
  colorHex: string
  view: number
  width: number
  height: number
}): string {
  const width = dimension(input.width, 800)
  const height = dimension(input.height, 1000)
  const view = input.view === 2 || input.view === 3 ? input.view : 1
  const color = parseHex(input.colorHex)
  const shape = silhouetteFor(input.category, input.name)
  const palette = productPalette(color)
  const settings = viewSettings(view, color)
  const id = `as${hashString(`${silhouetteKey(input.category, input.name)}|${input.colorHex}|${view}|${width}|${height}`)}`

  const captionHeight = height * 0.12
  const areaHeight = height - captionHeight
  const fitScale = Math.min((width * 0.72) / BOX_WIDTH, (areaHeight * 0.8) / BOX_HEIGHT)
  const scale = fitScale * settings.scale
  const [focusX, focusY] = view === 2 ? shape.focus : [BOX_WIDTH / 2, BOX_HEIGHT / 2]
  const centerX = width / 2
  const centerY = areaHeight / 2 + height * 0.025
  const transform =
    `translate(${num(centerX)} ${num(centerY)}) rotate(${settings.angle}) scale(${num(scale)}) ` +
    `translate(${num(-focusX)} ${num(-focusY)})`

  const small = Math.max(8, Math.min(width, height) * 0.024)
  const parts: string[] = [svgOpen(width, height)]
  if (view === 2) {
    parts.push(
      `<defs><pattern id="${id}t" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(38)">` +
        `<path d="M0 0L0 5" stroke="${palette.detail}" stroke-opacity="0.16" stroke-width="0.7"/></pattern></defs>`,
    )
  }
  parts.push(`<rect width="${width}" height="${height}" fill="${settings.background}"/>`)

  if (view === 1) {
    // A soft floor shadow under the item.
    const floorY = centerY + (shape.floor - BOX_HEIGHT / 2) * scale
    parts.push(
      `<ellipse cx="${num(centerX)}" cy="${num(floorY + 3 * scale)}" rx="${num(72 * scale)}" ry="${num(5 * scale)}" ` +
        `fill="#000000" fill-opacity="0.07"/>`,
    )
  }
  if (view === 3) {
    // Tissue paper under the flat lay, at a slightly different angle, and the item's own shadow.
    const paperWidth = width * 0.7
    const paperHeight = areaHeight * 0.78
    parts.push(
      `<rect x="${num(centerX - paperWidth / 2)}" y="${num(centerY - paperHeight / 2)}" width="${num(paperWidth)}" ` +
        `height="${num(paperHeight)}" fill="${settings.ink}" fill-opacity="0.06" ` +
        `transform="rotate(4 ${num(centerX)} ${num(centerY)})"/>`,
    )
    const shadow = [
      ...(shape.cords ?? []).map(
        (d) =>
          `<path d="${d}" fill="none" stroke="#000000" stroke-opacity="0.3" stroke-width="5.5" ` +
          `stroke-linecap="round"/>`,
      ),
      ...shape.body.map(
        (d) => `<path d="${d}" fill="#000000" fill-opacity="0.3" stroke="#000000" stroke-opacity="0.3"/>`,
      ),
    ].join('')
    parts.push(`<g transform="${transform} translate(5 7)">${shadow}</g>`)
  }
  parts.push(`<g transform="${transform}">${drawSilhouette(shape, palette, view === 2 ? `${id}t` : null)}</g>`)

  // Caption strip with the wordmark: it also crops the close-up cleanly.
  parts.push(
    `<rect y="${num(areaHeight)}" width="${width}" height="${num(captionHeight)}" fill="${settings.background}"/>`,
    `<rect x="${num(centerX - small)}" y="${num(areaHeight + captionHeight * 0.18)}" width="${num(small * 2)}" ` +
      `height="${num(Math.max(1, small * 0.06))}" fill="${settings.ink}" fill-opacity="0.5"/>`,
    textElement({
      text: WORDMARK,
      x: centerX,
      y: areaHeight + captionHeight * 0.62,
      size: small,
      spacing: small * 0.42,
      fill: settings.ink,
      anchor: 'middle',
    }),
    textElement({
      text: `0${view} / 03`,
      x: width - small * 1.6,
      y: small * 2.2,
      size: small * 0.72,
      spacing: small * 0.2,
      fill: settings.ink,
      anchor: 'end',
      opacity: 0.55,
    }),
    '</svg>',
  )
  return parts.join('')
}

// ---------------------------------------------------------------------------------------------------------------
// Banners for collections and editorials
// ---------------------------------------------------------------------------------------------------------------

/** Muted accents; the seed picks one per banner. */
const ACCENTS = ['#8f9a86', '#b9785f', '#c2a36b', '#7d8ea3', '#9c8290', '#7b7a55', '#a88c78', '#6e7b7f'] as const

const INK = '#111111'
const PAPER = '#f7f5f1'

/** Approximate advance of a glyph of Helvetica Bold in em, enough to wrap titles. */
function glyphWidth(char: string): number {
  if (char === ' ') return 0.28
  if (/[MW]/.test(char)) return 0.86
  if (/[IJ1.,:;'!|]/.test(char)) return 0.32
  if (/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(char)) return 0 // Thai marks sit on the previous letter.
  return 0.7
}

function textWidth(text: string, size: number, spacing: number): number {
  let width = 0
  for (const char of text) width += glyphWidth(char) * size + (glyphWidth(char) === 0 ? 0 : spacing)
  return width
}

function wrapWords(words: string[], maxWidth: number, size: number, spacing: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`
    if (line !== '' && textWidth(candidate, size, spacing) > maxWidth) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line !== '') lines.push(line)
  return lines
}

function truncateToWidth(text: string, maxWidth: number, size: number, spacing: number): string {
  if (textWidth(text, size, spacing) <= maxWidth) return text
  const chars = [...text]
  while (chars.length > 1 && textWidth(`${chars.join('').trimEnd()}…`, size, spacing) > maxWidth) chars.pop()
  return `${chars.join('').trimEnd()}…`
}

type TitleLayout = { lines: string[]; size: number; spacing: number }

/** The largest title size whose wrapped lines (three at most) fit the region. */
function layoutTitle(title: string, regionWidth: number, regionHeight: number, maxSize: number): TitleLayout {
  const upper = title.toUpperCase().replace(/\s+/g, ' ').trim()
  const words = upper === '' ? [] : upper.split(' ')
  // Letter spacing pulls Thai vowels and tone marks off their consonants: only space out other scripts.
  const spacingEm = /[\u0E00-\u0E7F]/.test(upper) ? 0 : 0.16
  const minSize = Math.max(10, maxSize * 0.25)
  let size = maxSize
  for (;;) {
    const spacing = size * spacingEm
    const lines = wrapWords(words, regionWidth, size, spacing)
    const fits =
      lines.length <= 3 &&
      lines.length * size * 1.12 <= regionHeight &&
      lines.every((line) => textWidth(line, size, spacing) <= regionWidth)
    if (fits || size <= minSize) {
      const kept = lines.slice(0, 3)
      if (lines.length > 3)
        kept[2] = truncateToWidth(`${kept[2] ?? ''} ${lines.slice(3).join(' ')}`, regionWidth, size, spacing)
      return { lines: kept, size, spacing }
    }
    size = Math.max(minSize, size * 0.92)
  }
}

/** Draws a deterministic editorial banner for collections and editorials, since the demo has no photos. */
export function bannerSvg(input: {
  title: string
  subtitle?: string
  seed: number
  width: number
  height: number
}): string {
  const width = dimension(input.width, 1600)
  const height = dimension(input.height, 700)
  const random = seededRandom(input.seed)
  const accent = ACCENTS[Math.floor(random() * ACCENTS.length)] ?? ACCENTS[0]
  const layout = Math.floor(random() * 3)
  const jitter = () => 0.9 + random() * 0.2
  const short = Math.min(width, height)
  const pad = short * 0.09
  const hairline = num(Math.max(1, short * 0.0022))
  const parts: string[] = [svgOpen(width, height), `<rect width="${width}" height="${height}" fill="${PAPER}"/>`]

  let region: { x: number; y: number; width: number; height: number; ink: string }
  let wordmark: { x: number; y: number; ink: string }
  if (layout === 2) {
    // A black band across the bottom carries the title; accent square and hairlines above it.
    const bandTop = height * 0.56 * jitter()
    parts.push(
      `<rect y="${num(bandTop)}" width="${width}" height="${num(height - bandTop)}" fill="${INK}"/>`,
      `<rect x="${num(width * 0.7 * jitter())}" y="${num(height * 0.1)}" width="${num(width * 0.14)}" ` +
        `height="${num(bandTop - height * 0.1 + short * 0.06)}" fill="${accent}"/>`,
      `<path d="M${num(width * 0.08)} 0L${num(width * 0.08)} ${num(bandTop)}M${num(width * 0.92)} 0` +
        `L${num(width * 0.92)} ${num(bandTop)}M0 ${num(bandTop * 0.42)}L${num(width * 0.62)} ${num(bandTop * 0.42)}" ` +
        `stroke="${INK}" stroke-width="${hairline}" fill="none"/>`,
    )
    region = {
      x: pad,
      y: bandTop + pad * 0.7,
      width: width - pad * 2,
      height: height - bandTop - pad * 1.4,
      ink: PAPER,
    }
    wordmark = { x: width * 0.08 + pad * 0.4, y: pad * 0.9, ink: INK }
  } else {
    // A black block on one side, an accent panel across its edge, a hairline circle and rules.
    const left = layout === 1
    const blockWidth = width * 0.4 * jitter()
    const blockX = left ? 0 : width - blockWidth
    const edge = left ? blockWidth : blockX
    const accentWidth = width * 0.12
    const accentX = left ? edge - accentWidth * 0.55 : edge - accentWidth * 0.45
    const accentY = height * (0.16 + random() * 0.14)
    const circleX = left ? blockWidth * 0.45 : blockX + blockWidth * 0.55
    const ruleY = height - pad * 0.75
    const ruleX = left ? width - pad * 0.5 : pad * 0.5
    parts.push(
      `<rect x="${num(blockX)}" width="${num(blockWidth)}" height="${height}" fill="${INK}"/>`,
      `<rect x="${num(accentX)}" y="${num(accentY)}" width="${num(accentWidth)}" height="${num(height * 0.5)}" ` +
        `fill="${accent}"/>`,
      `<circle cx="${num(circleX)}" cy="${num(height * 0.62)}" r="${num(short * 0.22)}" fill="none" ` +
        `stroke="${PAPER}" stroke-width="${hairline}"/>`,
      `<path d="M${num(left ? edge : 0)} ${num(ruleY)}L${num(left ? width : edge)} ${num(ruleY)}` +
        `M${num(ruleX)} 0L${num(ruleX)} ${num(height)}" stroke="${INK}" stroke-width="${hairline}" fill="none"/>`,
    )
    const textX = left ? edge + accentWidth * 0.45 + pad * 0.8 : pad * 1.2
    const textRight = left ? width - pad * 1.2 : accentX - pad * 0.6
    region = { x: textX, y: pad, width: Math.max(short * 0.2, textRight - textX), height: height - pad * 2.4, ink: INK }
    wordmark = { x: textX, y: height - pad * 1.1, ink: INK }
  }

  const subtitle = (input.subtitle ?? '').replace(/\s+/g, ' ').trim().toUpperCase()
  const subtitleSize = Math.max(9, Math.min(short * 0.035, region.height * 0.1))
  const subtitleSpace = subtitle === '' ? 0 : subtitleSize * 2.6
  const title = layoutTitle(
    input.title,
    region.width,
    Math.max(short * 0.1, region.height - subtitleSpace),
    Math.min(short * 0.2, region.height / 1.3),
  )
  const blockHeight = title.lines.length * title.size * 1.12 + subtitleSpace
  let baseline = region.y + Math.max(0, (region.height - blockHeight) / 2) + title.size * 0.92
  for (const line of title.lines) {
    parts.push(
      textElement({
        text: line,
        x: region.x,
        y: baseline,
        size: title.size,
        spacing: title.spacing,
        weight: 700,
        fill: region.ink,
      }),
    )
    baseline += title.size * 1.12
  }
  if (subtitle !== '') {
    const spacing = /[\u0E00-\u0E7F]/.test(subtitle) ? 0 : subtitleSize * 0.3
    parts.push(
      `<rect x="${num(region.x)}" y="${num(baseline - title.size * 1.12 + subtitleSize * 1.1)}" ` +
        `width="${num(subtitleSize * 2.4)}" height="${hairline}" fill="${accent}"/>`,
      textElement({
        text: truncateToWidth(subtitle, region.width, subtitleSize, spacing),
        x: region.x,
        y: baseline - title.size * 1.12 + subtitleSize * 2.6,
        size: subtitleSize,
        spacing,
        fill: region.ink,
      }),
    )
  }
  const markSize = Math.max(8, short * 0.024)
  parts.push(
    textElement({
      text: WORDMARK,
      x: wordmark.x,
      y: wordmark.y,
      size: markSize,
      spacing: markSize * 0.42,
      fill: wordmark.ink,
    }),
    '</svg>',
  )
  return parts.join('')
}
