import { notFound, useLocation } from '@tanstack/react-router'
import { ErrorView } from './ErrorScreen'

function pathFrom(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('path' in data)) return null
  return typeof data.path === 'string' ? data.path : null
}

/** 404 for any path nothing answers (§2, §8): the error screen with PAGE NOT FOUND. */
export function NotFoundScreen({ data }: { data?: unknown }) {
  const location = useLocation()
  const path = pathFrom(data) ?? location.pathname
  return <ErrorView error={notFound({ data: { path } })} detail={path} />
}
