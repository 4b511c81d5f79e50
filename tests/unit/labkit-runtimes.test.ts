// The lab kits' runtimes are source files checked by their own language's tools (javac, python3's
// py_compile, node --check, bash -n and shellcheck; scripts/ensure-system-deps.sh installs them),
// and src/lab-core/runtimes/embedded.ts, which the generators copy them from, is current.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EMBEDDED, embeddedModule, parts, RUNTIMES_DIR } from '../../scripts/embed-kit-runtimes'
import { kitSource } from '../../src/lab-core/kits'
import { planFromScenario } from '../../src/lab-core/plan'

const tmp = mkdtempSync(join(tmpdir(), 'kit-runtimes-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const source = (file: string) => resolve(RUNTIMES_DIR, file)

/** Runs a tool; a missing tool is a failure that names it (no silent skip). */
function check(cmd: string, args: string[]): { code: number; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: tmp })
  if (r.error)
    throw new Error(`${cmd} is missing (scripts/ensure-system-deps.sh installs it): ${r.error.message}`)
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` }
}

const TOOLS: Record<string, (file: string) => { code: number; out: string }> = {
  node: (f) => check('node', ['--check', f]),
  python: (f) =>
    check('python3', [
      '-c',
      'import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)',
      f,
      join(tmp, 'x.pyc'),
    ]),
  java: (f) => {
    // javac wants the file named after its public class
    const dir = mkdtempSync(join(tmp, 'java-'))
    const named = join(dir, 'RabbitLab.java')
    copyFileSync(f, named)
    return check('javac', ['-d', dir, '-cp', '/usr/share/java/amqp-client.jar', named])
  },
  bash: (f) => check('bash', ['-n', f]),
  shellcheck: (f) => check('shellcheck', [f]),
  /** A whole kit: its steps quote names in single quotes on purpose (a `$` in a name stays text). */
  'shellcheck kit': (f) => check('shellcheck', ['-e', 'SC2016', f]),
}

const FILES: [string, string, string][] = [
  ['node', 'lab-kit.mjs', 'const x = ('],
  ['python', 'lab_kit.py', 'def broken(:\n'],
  ['java', 'RabbitLab.java', 'class Broken {'],
  ['bash', 'lab-kit.sh', 'if then\n'],
  ['shellcheck', 'lab-kit.sh', 'rm -rf $UNQUOTED/*\n'],
]

describe('lab kit runtimes', () => {
  it('embedded.ts is what npm run kits:embed writes from the source files', () => {
    expect(readFileSync(EMBEDDED, 'utf8') === embeddedModule(), 'run `npm run kits:embed`').toBe(true)
  })

  it.each(FILES)('%s accepts %s', (tool, file) => {
    const r = TOOLS[tool]?.(source(file))
    expect(r?.out).toBe('')
    expect(r?.code).toBe(0)
  })

  it.each(FILES)('%s rejects a broken copy of %s', (tool, file, breakage) => {
    const broken = join(tmp, `broken-${tool}-${file}`)
    writeFileSync(broken, `${readFileSync(source(file), 'utf8')}\n${breakage}`)
    expect(TOOLS[tool]?.(broken).code).not.toBe(0)
  })

  it('a kit made from a scenario passes its tool as well', () => {
    const plan = planFromScenario(
      {
        exchanges: [{ name: 'x', type: 'topic' }],
        queues: [{ name: 'q' }],
        bindings: [{ source: 'x', destination: 'q', destination_type: 'queue', routing_key: 'a.*' }],
        publishes: [{ id: 'm1', exchange: 'x', routing_key: 'a.b', mandatory: true }],
      },
      'a topic exchange',
    )
    for (const [flavour, tool, name] of [
      ['node', 'node', 'kit.mjs'],
      ['python', 'python', 'kit.py'],
      ['http', 'shellcheck kit', 'kit.sh'],
      ['http', 'bash', 'kit.sh'],
    ] as const) {
      const file = join(tmp, name)
      writeFileSync(file, kitSource(flavour, plan))
      expect(TOOLS[tool]?.(file), `${flavour} kit`).toEqual({ code: 0, out: '' })
    }
  })

  it('parts are cut at marker lines, and a doubled marker fails', () => {
    const text =
      'head\n// kit:imports\nimport a\n// kit:stub\nstub\n// kit:runtime\n\nrun\n// kit:end\ntail\n'
    expect(Object.fromEntries(parts(text, '//'))).toEqual({
      imports: 'import a\n',
      stub: 'stub\n',
      runtime: '\nrun\n',
      end: 'tail\n',
    })
    expect(() => parts('# kit:runtime\na\n# kit:runtime\nb\n', '#')).toThrow(/twice/)
    expect(parts('// kit:runtime in a comment\n', '//').size).toBe(0)
  })
})
