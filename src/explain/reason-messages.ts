import { defineMessages, type Params } from '../i18n/messages'

/**
 * The wording of every routing reason — why a binding matched or not — in both languages, for the
 * three places that say it (src/explain/routing-reason.ts builds the sentences):
 *   - the why panel and its table, one line per binding (`line…`);
 *   - the lessons' steppers, a brief line per evaluated binding (`brief…`);
 *   - practice feedback, a sentence per fact that separates a wrong answer (`fact…`).
 * The explain, lessons and practice catalogues include these entries, so each feature's translator
 * can word a reason; the words live here only.
 */
export const reasonMessages = defineMessages({
  en: {
    lineDirect: 'binding key “{binding}” vs routing key “{key}”: {verdict}',
    lineEqual: 'equal',
    lineDifferent: 'different',
    lineFanout: 'fanout: every bound destination gets the message; the routing key is ignored.',
    lineTopicKey: 'routing key “{key}”',
    lineTopicMismatch: 'stops: pattern word “{pattern}” does not match key word “{word}”',
    lineTopicKeyShort: 'stops: no key word left for pattern word “{pattern}”',
    lineTopicKeyLong: 'stops: the pattern has ended but key words remain: “{words}”',
    lineTopicMatched: 'every word consumed: match',
    lineHeadersSummary: 'x-match = {mode}: {count} of {total} considered arguments match',
    lineHeadersEmpty: 'no arguments to compare',
    briefTopic: 'pattern {pattern} vs key {key}',
    briefDirect: 'binding key “{key}” vs routing key “{rk}”',
    briefFanout: 'fanout: every binding matches',
    briefHeaders: 'x-match {mode}: {rows}',
    briefMatch: 'match',
    briefNoMatch: 'no match',
    factBinding: 'Binding {source} → {dest} with key {key}:',
    factTopicMatched: 'matches {key}.',
    factTopicNoMatch: 'does not match {key}.',
    factTopicWords: 'Pattern word {pw} cannot take key word {kw}.',
    factTopicKeyShort: 'The key ran out of words before pattern word {pw}.',
    factTopicPatternShort: 'The pattern ran out of words before key word {kw}.',
    factDirectEqual: 'equals the routing key {key} exactly.',
    factDirectDiffer: 'differs from the routing key {key} (direct compares exactly, case included).',
    factFanout: 'Fanout binding {source} → {dest}: a fanout ignores the key and delivers to every binding.',
    factHeaders: 'Headers binding {source} → {dest} (x-match={mode}): {result}.',
    factHeadersMatched: 'matched',
    factHeadersNoMatch: 'no match',
    factHeaderRowOk: '{key}: wants {want}, message has {got} ✓',
    factHeaderRowBad: '{key}: wants {want}, message has {got} ✗',
    factHeaderAbsent: 'nothing',
    factHeaderSkipped: '{key}: skipped (x- arguments are ignored in this mode)',
  },
  'zh-CN': {
    lineDirect: '绑定键“{binding}”与路由键“{key}”：{verdict}',
    lineEqual: '相同',
    lineDifferent: '不同',
    lineFanout: 'fanout：每个绑定的目的地都收到消息，路由键被忽略。',
    lineTopicKey: '路由键“{key}”',
    lineTopicMismatch: '在此停止：模式单词“{pattern}”与路由键单词“{word}”不匹配',
    lineTopicKeyShort: '在此停止：模式单词“{pattern}”已没有路由键单词可对应',
    lineTopicKeyLong: '在此停止：模式已结束，路由键还剩“{words}”',
    lineTopicMatched: '所有单词都已对应：匹配',
    lineHeadersSummary: 'x-match = {mode}：参与比较的 {total} 个参数中有 {count} 个匹配',
    lineHeadersEmpty: '没有可比较的参数',
    briefTopic: '模式 {pattern} 对键 {key}',
    briefDirect: '绑定键“{key}”对路由键“{rk}”',
    briefFanout: 'fanout：每个绑定都匹配',
    briefHeaders: 'x-match {mode}：{rows}',
    briefMatch: '匹配',
    briefNoMatch: '不匹配',
    factBinding: '绑定 {source} → {dest}，键 {key}：',
    factTopicMatched: '匹配 {key}。',
    factTopicNoMatch: '不匹配 {key}。',
    factTopicWords: '模式词 {pw} 无法对应键中的词 {kw}。',
    factTopicKeyShort: '键的词已经用完，模式还剩 {pw}。',
    factTopicPatternShort: '模式的词已经用完，键还剩 {kw}。',
    factDirectEqual: '与路由键 {key} 完全相同。',
    factDirectDiffer: '与路由键 {key} 不同（direct 逐字精确比较，区分大小写）。',
    factFanout: 'fanout 绑定 {source} → {dest}：fanout 忽略路由键，发给每条绑定。',
    factHeaders: 'headers 绑定 {source} → {dest}（x-match={mode}）：{result}。',
    factHeadersMatched: '匹配',
    factHeadersNoMatch: '不匹配',
    factHeaderRowOk: '{key}：要求 {want}，消息为 {got} ✓',
    factHeaderRowBad: '{key}：要求 {want}，消息为 {got} ✗',
    factHeaderAbsent: '（无）',
    factHeaderSkipped: '{key}：跳过（此模式忽略 x- 参数）',
  },
})

export type ReasonKey = keyof (typeof reasonMessages)['en']
/** Any feature translator whose catalogue includes reasonMessages. */
export type ReasonT = (key: ReasonKey, params?: Params) => string
