/** The why panel's message catalogue in each language, for its tests. */
import { type ExplainKey, explainMessages } from '../../src/explain/explain-messages'
import { translate } from '../../src/i18n/messages'

export const tEn = (key: ExplainKey, params?: Record<string, string | number>) =>
  translate(explainMessages, 'en', key, params)
export const tZh = (key: ExplainKey, params?: Record<string, string | number>) =>
  translate(explainMessages, 'zh-CN', key, params)
