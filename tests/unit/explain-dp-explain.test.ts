/** The DP stepper names each recorded transition and lights the matching pseudocode line. */
import { describe, expect, it } from 'vitest'
import { type DpRule, topicDpTrace } from '../../src/engine'
import { explainStep, PSEUDOCODE, pseudocodeLines } from '../../src/explain/dp/dp-explain'
import { dpMessages } from '../../src/explain/dp/dp-messages'
import { DP_PRESETS } from '../../src/explain/dp/dp-presets'

const yesNo = (v: boolean) => (v ? 'true' : 'false')

describe('explainStep', () => {
  it('walks #.b / a.b through the note’s transitions', () => {
    const trace = topicDpTrace('#.b', 'a.b')
    expect(trace.steps.map((s) => explainStep(s, trace, yesNo).key)).toEqual([
      'init',
      'emptyPattern',
      'emptyPattern',
      'hashZero',
      'hashMore',
      'hashMore',
      'literalNoWord',
      'literalMismatch',
      'literalMatch',
    ])
    const last = trace.steps[8]
    expect(last && explainStep(last, trace, yesNo).params).toMatchObject({
      i: 2,
      j: 2,
      pi: 1,
      pj: 1,
      word: 'b',
      kw: 'b',
      value: 'true',
    })
  })

  it('names every cell of every preset with a message that exists in both languages', () => {
    const rules = new Set<DpRule>()
    for (const p of DP_PRESETS) {
      const trace = topicDpTrace(p.pattern, p.key)
      for (const s of trace.steps) {
        rules.add(s.rule)
        const { key } = explainStep(s, trace, yesNo)
        expect(dpMessages.en[key]).toBeTruthy()
        expect(dpMessages['zh-CN'][key]).toBeTruthy()
      }
    }
    // the presets exercise every transition the engine can record
    expect([...rules].sort()).toEqual(
      [
        'empty-pattern',
        'hash-more',
        'hash-zero',
        'hash-zero-or-more',
        'init',
        'literal-match',
        'literal-mismatch',
        'star',
      ].sort(),
    )
  })
})

describe('pseudocodeLines', () => {
  it('lights the line that computes each rule, and the answer line at the end', () => {
    const line = (rule: DpRule) =>
      pseudocodeLines({ i: 1, j: 1, value: true, rule, from: [] }).map((n) => PSEUDOCODE[n]?.code)
    const note = (rule: DpRule) =>
      pseudocodeLines({ i: 1, j: 1, value: true, rule, from: [] }).map(
        (n) => dpMessages.en[PSEUDOCODE[n]?.note ?? 'pcInit'],
      )
    expect(line('hash-zero')[0]).toMatch(/dp\[i-1\]\[j\]/)
    expect(note('hash-zero')[0]).toMatch(/zero words/)
    expect(line('hash-more')[0]).toMatch(/dp\[i\]\[j-1\]/)
    expect(note('hash-more')[0]).toMatch(/one more word/)
    expect(line('hash-zero-or-more')).toHaveLength(2)
    expect(line('star')[0]).toMatch(/elif w == "\*"/)
    expect(line('literal-match')[0]).toMatch(/w == key\[j\]/)
    expect(line('literal-mismatch')[0]).toMatch(/w == key\[j\]/)
    expect(line('init')[0]).toMatch(/dp\[0\]\[0\] = true/)
    expect(pseudocodeLines(null).map((n) => PSEUDOCODE[n]?.code)).toEqual(['match = dp[P][K]'])
  })
  it('has every comment in both languages, and no Latin words in the Chinese ones', () => {
    for (const { note } of PSEUDOCODE) {
      expect(dpMessages.en[note]).toBeTruthy()
      expect(dpMessages['zh-CN'][note]).toMatch(/[\u4e00-\u9fff]/)
      expect(dpMessages['zh-CN'][note].replace(/dp\[[^\]]*\]|[ijPK]\b/g, '')).not.toMatch(/[A-Za-z]{2,}/)
    }
  })
})
