/**
 * Where the device keeps its recently viewed pieces (decision 032): a module of its own, so the product page's first
 * record (RecentlyViewedHere) does not bring the rest of src/catalog/recently-viewed.ts into the page's first load.
 */
export const RECENTLY_VIEWED_KEY = 'recently_viewed'

/** A piece: its family (the product page's id) and its colour when not the family's first (the page's ?color=). */
export type ViewedPiece = { id: string; color?: string }
