/** Lesson helpers for e2e: skip a step's question so what follows the answer is on screen; play steppers. */
import type { Page } from 'playwright-core'

/** Clicks "Show the answer" for every question of the open step (there may be none). */
export async function skipQuestions(page: Page): Promise<void> {
  await page.getByTestId('step-slide').waitFor({ timeout: 20_000 })
  for (let n = 0; n < 2; n++) {
    const reveal = page.getByTestId('predict-reveal')
    if ((await reveal.count()) === 0) return
    await reveal.first().click()
  }
}

/** Plays every stepper of the page to its end (their widest state). */
export async function playSteppersToEnd(page: Page): Promise<void> {
  const ends = page.locator('.player [data-testid$="-end"]:not([disabled])')
  for (let i = await ends.count(); i > 0; i--) {
    const end = ends.first()
    if ((await end.count()) === 0) break
    await end.click()
  }
}
