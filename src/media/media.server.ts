import { env } from '../../app.config'
import { mediaStorageOf, type MediaStorage } from './storage.server'

let storage: MediaStorage | null = null

/** The server's one media storage, as the environment configures it (files under DATA_DIR/media, or a bucket). */
export function getMediaStorage(): MediaStorage {
  storage ??= mediaStorageOf(env)
  return storage
}
