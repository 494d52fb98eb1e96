/**
 * Draws the brand's pictures for sharing and search (decision 134): the default share picture, 1200×630, and the
 * logo of the Organization markup, 512×512, into public/brand/ (committed; run again after a change here):
 *
 *   npx tsx scripts/brand-images.ts
 *
 * Black and white as the shop. The words are drawn as outlines from Sarabun (the font the tax invoices embed, with
 * Latin and Thai), shaped by fontkit, so the picture does not depend on the fonts of the machine that renders the
 * SVG; sharp turns the SVG into PNG.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { create, type Font } from 'fontkit'
import sharp from 'sharp'
import { BRAND_NAME } from '../src/brand'
import { LOGO_IMAGE, SHARE_IMAGE } from '../src/seo/share'

const require = createRequire(import.meta.url)
const INK = '#000000'
const PAPER = '#ffffff'
const MUTED = '#bdbdbd'

function font(weight: string): Font {
  const file = require.resolve(`@expo-google-fonts/sarabun/${weight}/Sarabun_${weight}.ttf`)
  const loaded = create(readFileSync(file))
  if (!('layout' in loaded)) throw new Error(`Sarabun ${weight} is a collection, not one font`)
  return loaded
}

/** A line of text as one SVG path, its left end at x and baseline at y; `tracking` in ems between letters. */
function textPath(face: Font, text: string, size: number, tracking = 0) {
  const scale = size / face.unitsPerEm
  const run = face.layout(text)
  let pen = 0
  const parts: string[] = []
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]
    if (!position) return
    const x = (pen + position.xOffset) * scale
    const y = -position.yOffset * scale
    const d = glyph.path.scale(scale, -scale).translate(x, y).toSVG()
    if (d) parts.push(d)
    pen += position.xAdvance + tracking * face.unitsPerEm
  })
  const width = (pen - tracking * face.unitsPerEm) * scale
  return { d: parts.join(' '), width }
}

/** A line centred on `cx` with its baseline at `y`. */
function centred(face: Font, text: string, size: number, cx: number, y: number, fill: string, tracking = 0): string {
  const { d, width } = textPath(face, text, size, tracking)
  return `<path transform="translate(${(cx - width / 2).toFixed(2)} ${y})" fill="${fill}" d="${d}"/>`
}

function shareSvg(): string {
  const { width, height } = SHARE_IMAGE
  const cx = width / 2
  const medium = font('500Medium')
  const light = font('300Light')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${INK}"/>
  <rect x="40" y="40" width="${width - 80}" height="${height - 80}" fill="none" stroke="${PAPER}" stroke-opacity="0.35" stroke-width="2"/>
  ${centred(light, 'BANGKOK', 26, cx, 196, MUTED, 0.5)}
  ${centred(medium, BRAND_NAME, 104, cx, 318, PAPER, 0.18)}
  <rect x="${cx - 60}" y="362" width="120" height="2" fill="${PAPER}"/>
  ${centred(light, 'CLOTHING · BAGS · SHOES · ACCESSORIES · JEWELRY', 24, cx, 436, PAPER, 0.22)}
  ${centred(light, 'เสื้อผ้า กระเป๋า รองเท้า แอ็กเซสซอรี่ และเครื่องประดับ', 30, cx, 492, MUTED)}
</svg>`
}

function logoSvg(): string {
  const { width, height } = LOGO_IMAGE
  const cx = width / 2
  const medium = font('500Medium')
  const [first = BRAND_NAME, second = ''] = BRAND_NAME.split(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${INK}"/>
  ${centred(medium, first, 76, cx, 248, PAPER, 0.16)}
  ${centred(medium, second, 76, cx, 340, PAPER, 0.16)}
</svg>`
}

async function draw(svg: string, path: string): Promise<void> {
  const file = join('public', path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer())
  console.log(`${file}: ${(await sharp(file).metadata()).width}×${(await sharp(file).metadata()).height}`)
}

await draw(shareSvg(), SHARE_IMAGE.path)
await draw(logoSvg(), LOGO_IMAGE.path)
