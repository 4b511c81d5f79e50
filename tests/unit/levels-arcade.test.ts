import { describe, expect, it } from 'vitest'
import { arcadeLevel, isArcadeId } from '../../src/levels/arcade'
import { gradeLevel } from '../../src/levels/grade'
import { checkLevel } from '../../src/levels/level-schema'

describe('arcade levels', () => {
  it('the id rebuilds the same level; ids are checked', () => {
    expect(arcadeLevel('arcade-42')).toEqual(arcadeLevel('arcade-42'))
    expect(arcadeLevel('arcade-42')).not.toEqual(arcadeLevel('arcade-43'))
    expect(isArcadeId('arcade-x')).toBe(false)
    expect(arcadeLevel('arcade-99999999999')).toBeNull()
  })
  it.each([1, 2, 3, 7, 42, 99, 123, 2024, 31337, 65535])(
    'seed %i: valid, solved at par, start and catch-all fail',
    (seed) => {
      const level = arcadeLevel(`arcade-${seed}`)
      if (!level) throw new Error('no level')
      expect(checkLevel(JSON.parse(JSON.stringify(level)), '')).toEqual(level)
      expect(gradeLevel(level, level.solution.join('\n'))).toMatchObject({ solved: true, atPar: true })
      expect(gradeLevel(level, level.start.join('\n')).solved).toBe(false)
      const wrong = gradeLevel(level, level.wrong[0]?.script.join('\n') ?? '')
      expect(wrong.solved).toBe(false)
      expect(wrong.goals.some((g) => g.met === false && g.route !== null)).toBe(true)
    },
  )
})
