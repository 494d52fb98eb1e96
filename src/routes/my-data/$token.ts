import { createFileRoute } from '@tanstack/react-router'
import { privacyExportResponse } from '~/account/privacy-export.server'

/**
 * The e-mailed link to a member's data (issue 33 item 2): a readable page of everything the shop holds on them, or
 * the same as JSON (`?format=json`). No session needed: the link is the proof, until it expires or is used up.
 */
export const Route = createFileRoute('/my-data/$token')({
  server: {
    handlers: { GET: ({ request, params }) => privacyExportResponse(request, params.token) },
  },
})
