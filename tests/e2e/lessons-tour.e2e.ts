/**
 * The lessons tour: one walk through every lesson, every step, per language, on a phone (375×812,
 * pixel ratio 2, touch), that runs every per-step probe at each state instead of walking the lessons
 * once per probe. At each step:
 *   - the walk: the step's title, its topology drawn, each question answered once wrong (nothing
 *     revealed) and once right (the outcome text and every message's result appear as the engine
 *     computes them), the stepper the lesson asks for, the link to the playground;
 *   - the phone: nothing scrolls sideways before the answer and after it, steppers played to the end
 *     (wide tables may scroll in their own box; a failure names the widest elements);
 *   - the language (zh-CN): no English outside code, names and protocol terms before the answer,
 *     in the wrong answer's feedback, and after the answer (tests/support/zh-latin.ts says what may
 *     stay Latin);
 *   - axe-core: no serious or critical violation once the step is answered and its steppers played.
 * One test per lesson (each starts where the previous one's "next lesson" led, or opens its lesson
 * by URL if that one failed), so a failure names the lesson; no fixed waits.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runTimeline } from '../../src/engine'
import { analyzeStep, rightMarks } from '../../src/lessons/analysis-step'
import type { LessonStep } from '../../src/lessons/content-types'
import { buildLessons, lessonText } from '../../src/lessons/content-validate'
import { queueKeys } from '../../src/lessons/prediction'
import { runStep } from '../../src/lessons/run-step'
import { consumersOf, deliveredTo, finalState, queueCounts } from '../../src/lessons/timeline-question'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser'
import { playSteppersToEnd } from './support/lessons'
import { PHONE, PHONE_DEVICE, sidewaysOverflow } from './support/phone'
import { strayOnPage } from './support/zh-text'

const ROOT = join(__dirname, '../../lessons')
const read = (p: string): unknown => {
  try {
    const raw = readFileSync(join(ROOT, p), 'utf8')
    return p.endsWith('.json') ? JSON.parse(raw) : raw
  } catch {
    return undefined
  }
}
const { lessons, errors } = buildLessons(read('manifest.json'), read)
/** Titles may hold `code` marks; the page shows their text. */
const plain = (s: string | undefined) => s?.replace(/`/g, '')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const verdict = (page: Page) =>
  page.locator('[data-testid="predict-feedback"] [data-verdict]').last().getAttribute('data-verdict')

/** Mark exactly `marks` (test ids), unmarking anything else that is pressed. */
async function setMarks(page: Page, scope: string, marks: string[]): Promise<void> {
  const pressed = () =>
    page
      .locator(`[data-testid="${scope}"] .predict-marks button[aria-pressed="true"]`)
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('data-testid') as string))
  // unmark first: a queue mark clears "nowhere" and "nowhere" clears the queues
  for (const id of await pressed()) if (!marks.includes(id)) await page.getByTestId(id).click()
  for (const id of marks) if (!(await pressed()).includes(id)) await page.getByTestId(id).click()
  expect((await pressed()).sort()).toEqual([...marks].sort())
}

/** What a probe found at one state of the tour; one failure per lesson lists them all. */
interface Probes {
  /** Runs every probe of a state: the phone always, the language in zh-CN, axe when asked. */
  at(state: string, withAxe?: boolean): Promise<void>
  problems: string[]
}

/** How many times each probe ran, per language, and the steps probed answered (`lesson/step`). */
const tally = new Map<string, { phone: number; language: number; axe: number; steps: Set<string> }>()
const tallyOf = (lang: string) => {
  const t = tally.get(lang) ?? { phone: 0, language: 0, axe: 0, steps: new Set<string>() }
  tally.set(lang, t)
  return t
}

function probes(page: Page, lang: 'en' | 'zh-CN'): Probes {
  const problems: string[] = []
  const count = tallyOf(lang)
  return {
    problems,
    async at(state, withAxe = false) {
      count.phone++
      if (lang === 'zh-CN') count.language++
      if (withAxe) count.axe++
      const wide = await sidewaysOverflow(page)
      if (wide) problems.push(`phone, ${state}: ${wide}`)
      if (lang === 'zh-CN') problems.push(...(await strayOnPage(page, `language, ${state}`)))
      // the step's lazy parts are in: the tour awaited its diagram and the stepper it asks for
      if (withAxe) for (const v of await seriousViolations(page)) problems.push(`axe, ${state}: ${v}`)
    },
  }
}

/** The routing question: a wrong answer first (nothing revealed), then the engine's answer. */
async function answerRoute(page: Page, step: LessonStep, probe: Probes, where: string): Promise<void> {
  const run = runStep(step)
  const p = run?.publishes.find((x) => x.id === step.ask)
  if (!run || !p) throw new Error(`${step.id}: no asked publish`)
  const qualified = run.topology.vhosts.length > 1
  const right =
    p.queues.length > 0
      ? queueKeys(p, qualified).map((q) => `mark-queue-${q}`)
      : [`mark-nowhere-${p.outcome.kind}`]
  const wrong =
    p.queues.length > 0
      ? ['mark-nowhere-dropped']
      : [`mark-nowhere-${p.outcome.kind === 'returned' ? 'dropped' : 'returned'}`]
  await setMarks(page, 'predict', wrong)
  await page.getByTestId('predict-check').click()
  expect(await verdict(page), `${step.id}: a wrong answer is called wrong`).toBe('wrong')
  expect(await page.getByTestId('step-after').count(), `${step.id}: nothing revealed yet`).toBe(0)
  await probe.at(`${where}, a wrong answer`)
  await setMarks(page, 'predict', right)
  await page.getByTestId('predict-check').click()
  expect(await verdict(page), `${step.id}: the engine's answer is called right`).toBe('right')
  expect(await page.getByTestId('predict-answer').getAttribute('data-outcome')).toBe(p.outcome.kind)
}

/**
 * A question about every message (requirements hold or fail; which queues gain or lose messages),
 * wrong first, then the analysis's answer, whose witnesses the page shows.
 */
async function answerAnalysis(page: Page, step: LessonStep, probe: Probes, where: string): Promise<void> {
  const answer = analyzeStep(step)
  if (!answer) return
  const id = (m: string) => `mark-${m.replace(':', '-')}`
  const right = rightMarks(answer).map(id)
  const flip = (m: string) =>
    m.endsWith('-holds') ? m.replace(/-holds$/, '-fails') : m.replace(/-fails$/, '-holds')
  const first = answer.kind === 'diff' ? answer.destinations[0] : undefined
  const wrong =
    answer.kind === 'check'
      ? right.map((m, n) => (n === 0 ? flip(m) : m))
      : right.length > 0
        ? []
        : [id(`gain:${first}`)]
  await page.getByTestId('analysis-predict').waitFor()
  await setMarks(page, 'analysis-predict', wrong)
  await page.getByTestId('predict-check').click()
  expect(await verdict(page), `${step.id}: a wrong answer is called wrong`).toBe('wrong')
  expect(await page.getByTestId('step-after').count(), `${step.id}: nothing revealed yet`).toBe(0)
  expect(await page.getByTestId('analysis-answer').count(), `${step.id}: no analysis shown yet`).toBe(0)
  await probe.at(`${where}, a wrong answer`)
  await setMarks(page, 'analysis-predict', right)
  await page.getByTestId('predict-check').click()
  expect(await verdict(page), `${step.id}: the analysis's answer is called right`).toBe('right')
  const witnesses =
    answer.kind === 'check'
      ? answer.requirements.flatMap((r) => (r.counterexample ? [r.counterexample.routing_key] : []))
      : answer.diff.changes.map((c) => c.witness.routing_key)
  const shown = await page.locator('[data-testid="analysis-witness"] code').allTextContents()
  expect(shown, `${step.id}: the witnesses shown`).toEqual(witnesses)
}

/** The timeline question (consumers or counts), wrong then right. */
async function answerTimeline(page: Page, step: LessonStep, probe: Probes, where: string): Promise<void> {
  const tl = step.timeline
  if (!tl?.ask) return
  const run = runTimeline(tl.script)
  const box = page.getByTestId('timeline-predict')
  await box.waitFor()
  // before the answer: no note of the story, no settlement when the question is who gets a message,
  // and (no routing question) the diagram draws the topology without any message's path
  const story = (await page.getByTestId('step-timeline').textContent()) ?? ''
  for (const op of tl.script.steps)
    for (const note of Object.values(op.note ?? {}))
      expect(story, `${step.id}: a note before the answer`).not.toContain(note)
  const ops = await page.locator('[data-testid="story-outline"] code').allTextContents()
  expect(ops.length, `${step.id}: the story is listed`).toBeGreaterThan(0)
  if (tl.ask.kind === 'deliveries')
    expect(
      ops.filter((o) => /^(ack|nack|reject|basic\.get) /.test(o)),
      step.id,
    ).toEqual([])
  if (!step.ask) {
    expect(await page.getByTestId('lesson-diagram').getAttribute('data-path'), step.id).toBe('')
    expect(await page.locator('[data-testid="lesson-diagram"] path.hot').count(), step.id).toBe(0)
  }
  if (tl.ask.kind === 'deliveries') {
    const got = deliveredTo(run, tl.ask.message)
    const all = consumersOf(run)
    // wrong: a consumer that never gets it, or else only part of those that do
    const outsider = all.find((c) => !got.includes(c))
    if (!outsider && got.length < 2) throw new Error(`${step.id}: no wrong answer possible`)
    await setMarks(page, 'timeline-predict', [`mark-consumer-${outsider ?? got[0]}`])
    await page.getByTestId('predict-check').click()
    expect(await verdict(page), `${step.id}: wrong consumers`).toBe('wrong')
    await probe.at(`${where}, a wrong timeline answer`)
    await setMarks(
      page,
      'timeline-predict',
      got.map((c) => `mark-consumer-${c}`),
    )
  } else {
    const c = queueCounts(finalState(run), tl.ask.queue)
    await page.getByTestId('count-ready').fill(String(c.ready + 1))
    await page.getByTestId('count-unacked').fill(String(c.unacked))
    await page.getByTestId('predict-check').click()
    expect(await verdict(page), `${step.id}: wrong counts`).toBe('wrong')
    await probe.at(`${where}, wrong counts`)
    await page.getByTestId('count-ready').fill(String(c.ready))
  }
  await page.getByTestId('predict-check').click()
  expect(await verdict(page), `${step.id}: right after the fix`).toBe('right')
  // the story now plays: the player reaches its end
  await page.getByTestId('lesson-tl-end').click()
  expect(await page.getByTestId('lesson-tl-position').textContent()).toMatch(/(\d+)\D+\1/)
}

describe.each([
  ['en', 'en-US'],
  ['zh-CN', 'zh-CN'],
] as const)('the lessons tour in %s, on a phone', (lang, locale) => {
  let w: WatchedPage
  let page: Page
  beforeAll(async () => {
    w = await openPage(browser, '?view=lessons', { locale, viewport: PHONE, device: PHONE_DEVICE })
    page = w.page
  })
  afterAll(async () => {
    await w?.context.close()
  })

  it('lists every lesson, and the list fits the phone', async () => {
    expect(errors).toEqual([])
    await page.getByTestId('lesson-list').waitFor({ timeout: 20_000 })
    expect(await page.locator('[data-testid^="lesson-item-"]').count()).toBe(lessons.length)
    // on a phone the list is one select
    expect(await page.locator('[data-testid="lesson-select"] option').count()).toBe(lessons.length)
    const probe = probes(page, lang)
    await probe.at('the lesson list', true)
    expect(probe.problems, probe.problems.join('\n')).toEqual([])
  })

  for (const [n, lesson] of lessons.entries()) {
    it(`lesson ${lesson.id}: every step walked, answered, and probed before and after`, async () => {
      const text = lessonText(lesson, lang)
      const probe = probes(page, lang)
      // the first lesson opens with the view; the previous lesson's "next lesson" led to each other
      // one — if that test failed, this one opens its lesson by its URL
      const here = await page
        .getByTestId('lesson')
        .getAttribute('data-lesson', { timeout: 5_000 })
        .catch(() => null)
      if (here !== lesson.id && n > 0)
        await page.goto(new URL(`?view=lessons&lesson=${lesson.id}&step=1`, w.baseURL).toString())
      await expect
        .poll(() => page.getByTestId('lesson').getAttribute('data-lesson'), { timeout: 20_000 })
        .toBe(lesson.id)
      expect(await page.getByTestId('lesson-title').textContent()).toBe(plain(text.title))
      try {
        for (const [s, step] of lesson.steps.entries()) {
          const where = `${lesson.id}/${step.id}`
          await expect.poll(() => page.getByTestId('lesson').getAttribute('data-step')).toBe(step.id)
          expect(await page.getByTestId('step-title').textContent()).toBe(plain(text.steps[s]?.title))
          // the topology, drawn: the routing diagram (Mermaid's SVG) or the timeline's; on a phone
          // the routing diagram is drawn when it scrolls into view (components/when-near.tsx)
          await page
            .locator('[data-testid="lesson-diagram"], [data-testid="timeline-diagram"]')
            .first()
            .scrollIntoViewIfNeeded()
          await page
            .locator(
              '[data-testid="lesson-diagram"] [data-testid="diagram"] svg, [data-testid="timeline-diagram"]',
            )
            .first()
            .waitFor({ timeout: 20_000 })
          await probe.at(`${where}, before answering`)
          const story = lesson.id === '11-independent-competing' && step.id === 'redelivery'
          if (story) await screenshot(page, `lessons-redelivery-before-${lang}`)
          if (step.ask) await answerRoute(page, step, probe, where)
          if (step.timeline?.ask) await answerTimeline(page, step, probe, where)
          if (step.analysis) await answerAnalysis(page, step, probe, where)
          await page.getByTestId('step-after').waitFor()
          expect(await page.getByTestId('step-slide').getAttribute('data-revealed'), where).toBe('true')
          if (step.widget) await page.getByTestId(`stepper-${step.widget.kind}`).waitFor()
          if (step.scenario || step.script) {
            const lines = page.locator('[data-testid="run-result"] li[data-publish]')
            const shown = await lines.evaluateAll((els) =>
              els.map((e) => [e.getAttribute('data-publish'), e.getAttribute('data-outcome')]),
            )
            expect(Object.fromEntries(shown), where).toEqual(
              Object.fromEntries(Object.entries(step.expect).map(([id, e]) => [id, e.outcome])),
            )
            for (const [id, e] of Object.entries(step.expect))
              for (const q of e.queues)
                expect(await lines.filter({ hasText: `${id}` }).textContent()).toContain(q)
            const href = await page.getByTestId('open-playground').getAttribute('href')
            expect(href).toMatch(/^https?:\/\/[^?#]+#(scenario=[A-Za-z0-9_-]+|v1\/edit\/\S+)$/)
          }
          // the answered step at its widest: every stepper played to its end
          await playSteppersToEnd(page)
          await probe.at(`${where}, answered, steppers at their end`, true)
          tallyOf(lang).steps.add(where)
          if (story) await screenshot(page, `lessons-redelivery-${lang}`)
          if (lesson.id === '04-topic-dp' && step.id === 'table')
            await screenshot(page, `phone-lesson-dp-${lang}`)
          const last = s === lesson.steps.length - 1
          if (!last) await page.getByTestId('step-next').click()
        }
      } catch (e) {
        if (probe.problems.length)
          (e as Error).message += `\nprobes before that:\n${probe.problems.join('\n')}`
        throw e
      }
      expect(probe.problems, probe.problems.join('\n')).toEqual([])
      if (n + 1 < lessons.length) await page.getByTestId('lesson-next').click()
      else expect(await page.getByTestId('lesson-next').count()).toBe(0)
    })
  }

  it('probed every step of every lesson, and ends without a console error, a page error or a request leaving the origin', async () => {
    const all = lessons.flatMap((l) => l.steps.map((st) => `${l.id}/${st.id}`))
    const t = tallyOf(lang)
    console.log(
      `lessons tour ${lang}: ${all.length} steps; probes run: phone ${t.phone}, language ${t.language}, axe ${t.axe}`,
    )
    expect([...t.steps].sort()).toEqual(all.sort())
    expect(t.phone).toBeGreaterThanOrEqual(2 * all.length)
    await screenshot(page, `lessons-walk-last-${lang}`)
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
  })
})
