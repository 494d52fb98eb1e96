import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { type FormEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react'
import { scanCode } from '~/catalog/catalog.functions'
import { PageHeading } from '~/components/PageHeading'
import { createDecoder, type Decoder, normaliseCode, sizeFromScannedUrl } from '~/scan/decode'
import { pageHead } from '~/seo/page-head'
import { productLink, type ProductRef } from '~/catalog/product-link'

export const Route = createFileRoute('/scan')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Scan`, msg`Scan a product's barcode or QR code to open it.`),
  component: ScanPage,
})

/** About five frames a second: quick enough to feel instant, light enough for older phones. */
const SCAN_INTERVAL_MS = 200

type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'no-camera' | 'unsupported' | 'failed'
type Lookup = { raw: string; source: 'camera' | 'manual' }
type Found = { ref: ProductRef; size: string | undefined }

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : ''
}

/** What a failed getUserMedia means for the shopper. */
function cameraErrorState(error: unknown): CameraState {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera'
    case 'TypeError':
    case 'NotSupportedError':
      return 'unsupported'
    default:
      return 'failed'
  }
}

/** The hosts whose product URLs a scanned QR code may open: this page's and the configured site's. */
function shopHosts(siteUrl: string): string[] {
  const hosts = [window.location.host]
  try {
    hosts.push(new URL(siteUrl).host)
  } catch {
    // No usable site URL: this page's host alone.
  }
  return hosts
}

/**
 * The camera and its decoding loop. Nothing starts by itself: start() runs on the shopper's click;
 * the tracks and the loop stop when a code is found, on stop() and when the page unmounts.
 */
function useCameraScanner(videoRef: RefObject<HTMLVideoElement | null>) {
  const [state, setState] = useState<CameraState>('idle')
  const session = useRef(0)
  const release = useRef<(() => void) | null>(null)

  const halt = useCallback(() => {
    session.current += 1
    release.current?.()
    release.current = null
  }, [])

  const stop = useCallback(() => {
    halt()
    setState('idle')
  }, [halt])

  const start = useCallback(
    async (onCode: (text: string) => void) => {
      halt()
      const id = session.current
      const current = () => id === session.current
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices
      const video = videoRef.current
      if (!media || typeof media.getUserMedia !== 'function' || !video) {
        setState('unsupported')
        return
      }
      setState('starting')
      let stream: MediaStream
      try {
        stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      } catch (error) {
        if (current()) setState(cameraErrorState(error))
        return
      }
      const loop: { decoder?: Decoder; timer?: ReturnType<typeof setInterval> } = {}
      const cleanUp = () => {
        clearInterval(loop.timer)
        loop.decoder?.stop()
        for (const track of stream.getTracks()) track.stop()
        video.pause()
        video.srcObject = null
      }
      if (!current()) {
        cleanUp()
        return
      }
      release.current = cleanUp
      video.srcObject = stream
      try {
        await video.play()
      } catch {
        // A muted inline video may play by itself; a refused play() only delays the first frame.
      }
      let created: Decoder
      try {
        created = await createDecoder()
      } catch {
        if (current()) {
          halt()
          setState('unsupported')
        }
        return
      }
      if (!current()) {
        created.stop()
        return
      }
      loop.decoder = created
      setState('scanning')
      let reading = false
      loop.timer = setInterval(() => {
        if (reading || !current()) return
        reading = true
        created.decode(video).then(
          (text) => {
            reading = false
            if (text === null || !current()) return
            halt()
            setState('idle')
            onCode(text)
          },
          () => {
            reading = false
          },
        )
      }, SCAN_INTERVAL_MS)
    },
    [halt, videoRef],
  )

  useEffect(() => halt, [halt])

  return { state, start, stop }
}

function CameraMessage({ state }: { state: CameraState }) {
  switch (state) {
    case 'starting':
      return (
        <p role="status">
          <Trans>Starting the camera…</Trans>
        </p>
      )
    case 'scanning':
      return (
        <p role="status">
          <Trans>Point the camera at the barcode or QR code on the label.</Trans>
        </p>
      )
    case 'denied':
      return (
        <p className="notice" role="alert">
          <Trans>Camera access was denied. Allow the camera in your browser's settings, or enter the code below.</Trans>
        </p>
      )
    case 'no-camera':
      return (
        <p className="notice" role="alert">
          <Trans>No camera was found on this device. Please enter the code below.</Trans>
        </p>
      )
    case 'unsupported':
      return (
        <p className="notice" role="alert">
          <Trans>This browser cannot scan with the camera. Please enter the code below.</Trans>
        </p>
      )
    case 'failed':
      return (
        <p className="notice" role="alert">
          <Trans>The camera could not be started. It may be in use by another app. Please enter the code below.</Trans>
        </p>
      )
    default:
      return null
  }
}

function ScanPage() {
  const { t } = useLingui()
  const { boot } = Route.useRouteContext()
  const navigate = useNavigate()
  const fieldId = useId()
  const videoRef = useRef<HTMLVideoElement>(null)
  const resultRef = useRef<HTMLParagraphElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const camera = useCameraScanner(videoRef)

  const lookup = useMutation({
    mutationFn: async ({ raw }: Lookup): Promise<Found | null> => {
      const hosts = shopHosts(boot.config.siteUrl)
      // An order's code from its label opens the order in the back office (its own app: a full page load). Its check
      // is loaded only for an address, so the page's first load stays as it was.
      const office = /^\s*https?:\/\//i.test(raw)
        ? (await import('~/scan/back-office')).backOfficeOrderPath(raw, hosts)
        : null
      if (office) {
        window.location.assign(office)
        // Busy until the page has gone.
        return new Promise<never>(() => {})
      }
      const code = normaliseCode(raw, hosts)
      if (code === null) return null
      const result = await scanCode({ data: { code } })
      if (!result) return null
      return {
        ref: { id: result.productId, familyId: result.familyId, colorSlug: result.colorSlug },
        size: result.size ?? sizeFromScannedUrl(raw, hosts) ?? undefined,
      }
    },
    // Awaited by the mutation, so the busy message stays until the product page has opened.
    onSuccess: async (found) => {
      if (found) await navigate(productLink(found.ref, found.size))
    },
  })

  const notFound = lookup.isSuccess && lookup.data === null
  const showResult = notFound || lookup.isError

  useEffect(() => {
    if (showResult) resultRef.current?.focus()
  }, [showResult, lookup.submittedAt])

  // No camera (refused, missing, failed): the message is announced and focus goes to the code field below it, the
  // way on from here (issue 29, item 23); it stayed on the camera button.
  useEffect(() => {
    if (['denied', 'no-camera', 'unsupported', 'failed'].includes(camera.state)) inputRef.current?.focus()
  }, [camera.state])

  const startCamera = () => {
    lookup.reset()
    void camera.start((text) => lookup.mutate({ raw: text, source: 'camera' }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (lookup.isPending) return
    if (value.trim() === '') {
      setFieldError(t`THIS FIELD IS REQUIRED.`)
      inputRef.current?.focus()
      return
    }
    setFieldError(null)
    lookup.mutate({ raw: value, source: 'manual' })
  }

  const cameraActive = camera.state === 'starting' || camera.state === 'scanning'
  const scanAgain = showResult && lookup.variables?.source === 'camera'

  return (
    <>
      <PageHeading lead={<Trans>Scan a product's barcode or QR code to open it.</Trans>}>
        <Trans>Scan</Trans>
      </PageHeading>

      <section aria-labelledby={`${fieldId}-camera`} style={{ maxWidth: '32rem', marginBottom: 'var(--space-8)' }}>
        <h2 id={`${fieldId}-camera`} className="visually-hidden">
          <Trans>Camera</Trans>
        </h2>
        <div
          hidden={!cameraActive}
          style={{ position: 'relative', background: 'var(--color-ink)', aspectRatio: '3 / 4', overflow: 'hidden' }}
        >
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t`Camera preview`}
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
          <div
            aria-hidden="true"
            style={{
              position: 'absolute',
              inset: '25% 12%',
              border: '2px solid var(--color-paper)',
              boxShadow: '0 0 0 100vmax rgb(0 0 0 / 0.35)',
              pointerEvents: 'none',
            }}
          />
        </div>
        <CameraMessage state={camera.state} />
        <p>
          {cameraActive ? (
            <button type="button" className="button" onClick={camera.stop}>
              <Trans>Stop camera</Trans>
            </button>
          ) : (
            <button type="button" className="button button--solid" onClick={startCamera}>
              {scanAgain ? <Trans>Scan again</Trans> : <Trans>Start camera</Trans>}
            </button>
          )}
        </p>
      </section>

      <section aria-labelledby={`${fieldId}-manual`} style={{ maxWidth: '32rem' }}>
        <h2 id={`${fieldId}-manual`} style={{ fontSize: '1rem' }}>
          <Trans>Enter the code</Trans>
        </h2>
        <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 'var(--space-3)' }}>
          <div className="field">
            <label htmlFor={`${fieldId}-code`}>
              <Trans>Barcode or product code</Trans>
            </label>
            <input
              ref={inputRef}
              id={`${fieldId}-code`}
              name="code"
              type="text"
              inputMode="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={2000}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${fieldId}-error` : undefined}
            />
            {fieldError ? (
              <p id={`${fieldId}-error`} className="field-error" role="alert">
                {fieldError}
              </p>
            ) : null}
          </div>
          <p style={{ margin: 0 }}>
            <button type="submit" className="button button--solid" aria-disabled={lookup.isPending || undefined}>
              <Trans>Find product</Trans>
            </button>
          </p>
        </form>
      </section>

      <div aria-live="polite" style={{ maxWidth: '32rem', marginTop: 'var(--space-6)' }}>
        {lookup.isPending ? (
          <p>
            <Trans>Looking up the code…</Trans>
          </p>
        ) : null}
      </div>
      {notFound ? (
        <p ref={resultRef} tabIndex={-1} className="notice" role="alert" style={{ maxWidth: '32rem' }}>
          <Trans>NO PRODUCT FOUND</Trans>
        </p>
      ) : null}
      {lookup.isError ? (
        <p ref={resultRef} tabIndex={-1} className="notice" role="alert" style={{ maxWidth: '32rem' }}>
          <Trans>The code could not be looked up. Please try again.</Trans>
        </p>
      ) : null}
    </>
  )
}
