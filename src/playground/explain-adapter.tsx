/**
 * Where the playground gets its why panel and result table. The explain views are built in
 * src/explain by another part of the project; until they exist these are the simple fallbacks.
 */
export { FallbackResult as ResultView, FallbackWhy as WhyView } from './explain-fallback'
