import { useEffect, useRef, useState } from 'react'
import type uPlot from 'uplot'
import { bangkokDayStart, SHOP_TIME_ZONE } from '~/domain/shop-events'

/** The axes' colour: the admin's muted text, 7:1 on white. */
const AXIS = '#4a4a4a'

export type DaySeries = { label: string; values: readonly number[]; colour: string }

/**
 * A line chart of figures per day (uPlot, decision 202), drawn only in the browser: the library is loaded by a dynamic
 * import when a chart first shows, so it is a chunk of its own that only the dashboard's and reports' screens fetch
 * (never a shopper's page, nor the back office's first load). The picture is `aria-hidden`: its screen's table says
 * the same for screen readers and keyboards.
 */
export function DayChart({
  days,
  series,
  format,
  height = 220,
}: {
  /** Bangkok days, yyyy-mm-dd, oldest first. */
  days: readonly string[]
  series: readonly DaySeries[]
  /** How a value is written on the axis. */
  format: (value: number) => string
  height?: number
}) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element) return
    let plot: uPlot | null = null
    let disposed = false
    const observer = new ResizeObserver(() => {
      if (plot) plot.setSize({ width: element.clientWidth, height })
    })
    import('uplot')
      .then(({ default: UPlot }) => {
        if (disposed) return
        const x = days.map((day) => bangkokDayStart(day).getTime() / 1000)
        plot = new UPlot(
          {
            width: element.clientWidth || 600,
            height,
            legend: { show: false },
            cursor: { show: false },
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), SHOP_TIME_ZONE),
            scales: { x: { time: true } },
            axes: [{ stroke: AXIS }, { stroke: AXIS, size: 70, values: (_u, ticks) => ticks.map(format) }],
            series: [
              {},
              ...series.map((one) => ({ label: one.label, stroke: one.colour, width: 2, points: { show: true } })),
            ],
          },
          [x, ...series.map((one) => [...one.values])],
          element,
        )
        observer.observe(element)
      })
      .catch(() => setFailed(true))
    return () => {
      disposed = true
      observer.disconnect()
      plot?.destroy()
    }
  }, [days, series, format, height])
  if (failed) return null
  return <div ref={box} className="admin-chart" aria-hidden="true" style={{ minHeight: height }} />
}
