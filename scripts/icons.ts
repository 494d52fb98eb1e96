// Draws the installable app's icons (docs/decisions/032) and writes them to public/icons/:
//   npx tsx scripts/icons.ts
// The brand's mark as in public/favicon.svg: a white capital A on black. The letter is a path, not text, so that the
// picture does not depend on the fonts of the machine that draws it. The PNGs are committed (about 4 KB together);
// run this again after changing the drawing.
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

/** The letter A in a 100 × 100 box (evenodd: the counter is a hole). */
const LETTER_A = 'M38 0H62L100 100H76L67.2 76H32.8L24 100H0ZM40 58H60L50 31.6Z'

/**
 * The icon at `size` pixels, the letter `letterShare` of the side high. A maskable icon keeps the letter inside the
 * safe zone (the middle circle of 80 % of the side), so any mask shape leaves it whole.
 */
export function iconSvg(size: number, letterShare: number): string {
  const letter = size * letterShare
  const offset = (size - letter) / 2
  const scale = letter / 100
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" fill="#000"/>
<path transform="translate(${offset} ${offset}) scale(${scale})" fill="#fff" fill-rule="evenodd" d="${LETTER_A}"/>
</svg>`
}

export const ICONS = [
  { file: 'icon-192.png', size: 192, letterShare: 0.5 },
  { file: 'icon-512.png', size: 512, letterShare: 0.5 },
  // Safe zone: radius 0.4 of the side; the letter's corners at 0.36 × √2 / 2 ≈ 0.25 from the centre.
  { file: 'icon-maskable-512.png', size: 512, letterShare: 0.36 },
  { file: 'apple-touch-icon.png', size: 180, letterShare: 0.5 },
] as const

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync('public/icons', { recursive: true })
  for (const icon of ICONS) {
    const png = await sharp(Buffer.from(iconSvg(icon.size, icon.letterShare)))
      .png({ compressionLevel: 9, palette: true, colours: 16 })
      .toBuffer()
    writeFileSync(`public/icons/${icon.file}`, png)
    console.log(`public/icons/${icon.file}: ${icon.size} × ${icon.size}, ${png.length} bytes`)
  }
}
