/**
 * The learner's TypeScript → JavaScript for the sandbox, with sucrase (types stripped, nothing else
 * changed; about 60 KB gzip) instead of Monaco's TypeScript worker (about 1.4 MB gzip). Types are
 * not checked — they were not before either (`noEmitOnError: false`): the tests judge the code.
 * A syntax error throws sucrase's message, which ends with its place: `Unexpected token (3:14)`.
 */
import { transform } from 'sucrase'

export function transpileTs(source: string): string {
  return transform(source, { transforms: ['typescript'], disableESTransforms: true }).code
}
