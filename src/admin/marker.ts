/**
 * A string only the back office's bundle holds (docs/decisions/177): the browser tests look for it in the admin build
 * (so the check cannot pass by matching nothing) and in no script of a shopper's page.
 */
export const ADMIN_BUNDLE_MARKER = 'atelier-siam-back-office:7f3c1e'
