/**
 * An audit entry's before and after, made readable (issue 31 item 4): the fields that changed, each once, as
 * `field: before → after`; a field added or removed has one side empty. Nested objects are followed by dotted paths,
 * arrays and other values are compared and shown as compact JSON.
 */
export type AuditChange = { path: string; before: string | null; after: string | null }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const show = (value: unknown): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value)

export function auditChanges(before: unknown, after: unknown, path = ''): AuditChange[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return keys.flatMap((key) => auditChanges(before[key], after[key], path ? `${path}.${key}` : key))
  }
  if (isRecord(after) && (before === null || before === undefined)) return auditChanges({}, after, path)
  if (isRecord(before) && (after === null || after === undefined)) return auditChanges(before, {}, path)
  const was = show(before ?? undefined)
  const is = show(after ?? undefined)
  return was === is ? [] : [{ path, before: was, after: is }]
}
