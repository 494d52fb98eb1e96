import { create } from 'qrcode'
import { useMemo } from 'react'

/** Light modules around the symbol that scanners need (the QR standard asks for four). */
const QUIET_ZONE = 4

/** One SVG path of the dark modules, in module units: a rectangle per horizontal run of dark modules. */
function modulesPath(payload: string): { size: number; path: string } {
  const { modules } = create(payload, { errorCorrectionLevel: 'M' })
  const parts: string[] = []
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < modules.size && modules.get(row, col)) col++
      const run = col - start
      // The run as SVG path data: a rectangle `run` modules wide and one high.
      const d = `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`
      parts.push(d)
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') }
}

/**
 * A QR code as inline SVG, built synchronously so that the server's markup and the browser's first render are
 * the same (PromptPay payments, the quick pass). `label` is its accessible name.
 */
export function QrCode({ payload, label }: { payload: string; label: string }) {
  const { size, path } = useMemo(() => modulesPath(payload), [payload])
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
