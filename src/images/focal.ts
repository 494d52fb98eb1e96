import type { FocalPoint } from '~/domain/pictures'

/** `fp=x,y` of the image endpoint: hundredths from 0 to 1 (`0.5,0.3`). */
const FOCAL_PARAM = /^(0(?:\.\d{1,2})?|1(?:\.0{1,2})?),(0(?:\.\d{1,2})?|1(?:\.0{1,2})?)$/

export function parseFocalParam(value: string): FocalPoint | null {
  const match = FOCAL_PARAM.exec(value)
  if (!match?.[1] || !match[2]) return null
  return { x: Number(match[1]), y: Number(match[2]) }
}

export function focalParam(focal: FocalPoint): string {
  const part = (value: number) => String(Math.min(1, Math.max(0, Math.round(value * 100) / 100)))
  return `${part(focal.x)},${part(focal.y)}`
}

export type FocalCrop = { resizeWidth: number; resizeHeight: number; left: number; top: number }

/**
 * The crop of `fit=cover` around a focal point: the source scaled (up or down) until it covers the output, then the
 * output's window placed with the focal point as near its centre as the scaled picture allows (never past an edge).
 */
export function focalCrop(
  source: { width: number; height: number },
  output: { width: number; height: number },
  focal: FocalPoint,
): FocalCrop {
  const scale = Math.max(output.width / source.width, output.height / source.height)
  const resizeWidth = Math.max(output.width, Math.round(source.width * scale))
  const resizeHeight = Math.max(output.height, Math.round(source.height * scale))
  const place = (point: number, scaled: number, window: number) =>
    Math.min(scaled - window, Math.max(0, Math.round(point * scaled - window / 2)))
  return {
    resizeWidth,
    resizeHeight,
    left: place(focal.x, resizeWidth, output.width),
    top: place(focal.y, resizeHeight, output.height),
  }
}
