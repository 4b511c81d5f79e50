/**
 * The engine's only public door. Everything outside src/engine imports from here.
 * (Implementation in progress: see issue 3 / issue 4.)
 */
export * from './types'
export { createTopicIndex, type TopicIndex } from './topic-index'
export { createHeadersIndex, type HeadersBindingSpec, type HeadersIndex } from './headers-index'
