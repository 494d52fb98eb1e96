/**
 * The back office's (staff) bearer token of the tests: a file gives it to its app as `commerce.operatorToken` and
 * sends `operatorAuth` with the calls the staff make. Every file has its own database and app, so one token serves all.
 */
export const OPERATOR = 'operator-token-for-the-tests-0123456789'

/** The headers of a staff call. */
export const operatorAuth: Record<string, string> = { authorization: `Bearer ${OPERATOR}` }
