/**
 * A learner walks every lesson, every step, in both languages: each step shows its topology as a
 * drawn diagram, each question is answered once wrong (the answer stays hidden) and once right (the
 * outcome text and every message's result appear, as the engine computes them), and each stepper
 * appears where the lesson asks for it. One browser, no fixed waits.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runTimeline } from '../../src/engine'
import type { LessonStep } from '../../src/lessons/content-types'
import { buildLessons } from '../../src/lessons/content-validate'
import { queueKeys } from '../../src/lessons/prediction'
import { runStep } from '../../src/lessons/run-step'
import { consumersOf, deliveredTo, finalState, queueCounts } from '../../src/lessons/timeline-question'
import { launchBrowser, openPage, screenshot } from './support/browser'

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

/** The routing question: a wrong answer first (nothing revealed), then the engine's answer. */
async function answerRoute(page: Page, step: LessonStep): Promise<void> {
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
  await setMarks(page, 'predict', right)
  await page.getByTestId('predict-check').click()
  expect(await verdict(page), `${step.id}: the engine's answer is called right`).toBe('right')
  expect(await page.getByTestId('predict-answer').getAttribute('data-outcome')).toBe(p.outcome.kind)
}

/** The timeline question (consumers or counts), wrong then right. */
async function answerTimeline(page: Page, step: LessonStep): Promise<void> {
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
] as const)('every lesson in %s', (lang, locale) => {
  it('can be walked step by step, every question answered wrong and then right', async () => {
    expect(errors).toEqual([])
    const w = await openPage(browser, '?view=lessons', { locale })
    const { page } = w
    await page.getByTestId('lesson-list').waitFor({ timeout: 20_000 })
    expect(await page.locator('[data-testid^="lesson-item-"]').count()).toBe(lessons.length)
    for (const [n, lesson] of lessons.entries()) {
      const text = lesson.text[lang]
      if (n === 0) await page.getByTestId(`lesson-item-${lesson.id}`).click()
      await expect.poll(() => page.getByTestId('lesson').getAttribute('data-lesson')).toBe(lesson.id)
      expect(await page.getByTestId('lesson-title').textContent()).toBe(plain(text.title))
      for (const [s, step] of lesson.steps.entries()) {
        const where = `${lang} ${lesson.id}/${step.id}`
        await expect.poll(() => page.getByTestId('lesson').getAttribute('data-step')).toBe(step.id)
        expect(await page.getByTestId('step-title').textContent()).toBe(plain(text.steps[s]?.title))
        // the topology, drawn: the routing diagram (Mermaid's SVG) or the timeline's
        await page
          .locator(
            '[data-testid="lesson-diagram"] [data-testid="diagram"] svg, [data-testid="timeline-diagram"]',
          )
          .first()
          .waitFor({ timeout: 20_000 })
        const story = lesson.id === '11-independent-competing' && step.id === 'redelivery'
        if (story) await screenshot(page, `lessons-redelivery-before-${lang}`)
        if (step.ask) await answerRoute(page, step)
        if (step.timeline?.ask) await answerTimeline(page, step)
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
        if (story) await screenshot(page, `lessons-redelivery-${lang}`)
        const last = s === lesson.steps.length - 1
        if (!last) await page.getByTestId('step-next').click()
      }
      if (n + 1 < lessons.length) await page.getByTestId('lesson-next').click()
      else expect(await page.getByTestId('lesson-next').count()).toBe(0)
    }
    await screenshot(page, `lessons-walk-last-${lang}`)
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })
})

describe('lesson location', () => {
  it('opens the lesson and step named in the URL and keeps the URL in step', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=08-dedup&step=2')
    const { page } = w
    await expect
      .poll(() => page.getByTestId('lesson').getAttribute('data-step'), { timeout: 20_000 })
      .toBe('three-bindings')
    await page.getByTestId('step-prev').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('1')
    expect(new URL(page.url()).searchParams.get('lesson')).toBe('08-dedup')
    // an answer survives going to another step and back
    await page.getByTestId('predict-reveal').click()
    await page.getByTestId('step-next').click()
    await page.getByTestId('step-prev').click()
    expect(await page.getByTestId('step-slide').getAttribute('data-revealed')).toBe('true')
    // switching the language re-renders the same lesson and step in Chinese, steppers included
    await page.getByTestId('language').selectOption('zh-CN')
    const dedup = lessons.find((l) => l.id === '08-dedup')
    expect(await page.getByTestId('lesson-title').textContent()).toBe(dedup?.text['zh-CN'].title)
    expect(await page.getByTestId('stepper-dedup').getAttribute('aria-label')).toMatch(/去重步进器/)
    await w.context.close()
  })
})

describe('marking on the diagram', () => {
  it('marks queues by clicking them on the drawing, then judges the marks there', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=01-routing-model&step=1')
    const { page } = w
    const node = (name: string) =>
      page.locator(`[data-testid="lesson-diagram"] g.node[data-kind="queue"][data-name="${name}"]`)
    await node('audit').waitFor({ timeout: 20_000 })
    // before the answer the path is not drawn
    expect(await page.locator('[data-testid="lesson-diagram"] path.hot').count()).toBe(0)
    await node('audit').click()
    expect(await page.getByTestId('mark-queue-audit').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('predict-check').click()
    expect(await verdict(page)).toBe('wrong')
    await node('notify').click()
    await page.getByTestId('predict-check').click()
    expect(await verdict(page)).toBe('right')
    // judged on the drawing: both marks right
    await expect.poll(() => node('audit').getAttribute('class')).toMatch(/\bright\b/)
    expect(await node('notify').getAttribute('class')).toMatch(/\bright\b/)
    await screenshot(page, 'lessons-marked-on-diagram')
    await w.context.close()
  })
})

describe('open in playground', () => {
  it('hands the step’s scenario to the playground, which switches view and loads it', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=08-dedup&step=2')
    const { page } = w
    await page.getByTestId('open-playground').waitFor({ timeout: 20_000 })
    await page.getByTestId('open-playground').click()
    // the playground is the default view: its URL carries no view parameter
    await expect.poll(() => page.getByTestId('lesson').count(), { timeout: 20_000 }).toBe(0)
    expect(new URL(page.url()).searchParams.get('view')).toBeNull()
    // the playground may ask before replacing what it holds; the learner agrees
    const replace = page.getByRole('button', { name: 'Replace my work' })
    const asked = await replace.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
    if (asked) await replace.click()
    // the lesson's own queue names reach the playground (editor text, diagram or result)
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '', { timeout: 30_000 })
      .toContain('u.q2')
    await screenshot(page, 'lessons-opened-in-playground')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
