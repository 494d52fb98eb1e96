import { resolve } from 'node:path'
import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../../app.config'
import { handleImageRequest } from '~/images/image-handler.server'
import { resolveImageSource } from '~/server/image-sources.server'

async function handle({ request, params }: { request: Request; params: { _splat?: string } }): Promise<Response> {
  return handleImageRequest(request, params._splat ?? '', {
    sourceRoot: resolve(env.DATA_DIR, 'images'),
    cacheRoot: resolve(env.DATA_DIR, 'image-cache'),
    resolveSource: resolveImageSource,
  })
}

/** The image endpoint of §9: fm, q, w, h, fit; rendered with sharp, cached on disk, immutable. */
export const Route = createFileRoute('/images/$')({
  server: { handlers: { GET: handle, HEAD: handle } },
})
