/** sucrase turns every exercise's solution and starters into JavaScript that grades as TypeScript's does. */
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { planRun } from '../../src/practice/code/hidden-cases'
import { gradeOutcome } from '../../src/practice/code/run-exercise'
import { transpileTs } from '../../src/practice/code/transpile'
import { CODE_EXERCISES } from '../../src/practice/content/load'
import { runJob } from '../../src/practice/sandbox/sandbox-core'

const viaTs = (src: string) =>
  ts.transpileModule(src, { compilerOptions: { target: ts.ScriptTarget.ES2020 } }).outputText

function grade(exId: string, js: string) {
  const ex = CODE_EXERCISES.find((e) => e.id === exId)
  if (!ex) throw new Error(exId)
  const plan = planRun(ex, 7)
  const r = gradeOutcome(
    ex,
    plan,
    runJob({ code: js, entry: ex.entry, calls: plan.map((c) => c.args) }, Function),
  )
  return r.kind === 'graded'
    ? { passed: r.passed, total: r.total, failure: r.firstFailure ? JSON.stringify(r.firstFailure) : null }
    : r.kind
}

describe('transpiling the code exercises with sucrase', () => {
  for (const ex of CODE_EXERCISES)
    it(`${ex.id}: the solution and both starters grade as with TypeScript`, () => {
      for (const src of [ex.solution, ex.starter.en, ex.starter['zh-CN']])
        expect(grade(ex.id, transpileTs(src))).toEqual(grade(ex.id, viaTs(src)))
    })

  it('keeps TypeScript-only syntax working and names the place of a syntax error', () => {
    const js = transpileTs('enum E { A, B }\nconst n = (E.B as number) satisfies number\nexport {}\nn')
    expect(js).not.toMatch(/satisfies| as number/)
    expect(() => transpileTs('function f(x: number {\n}')).toThrow(/\(1:\d+\)/)
  })
})
