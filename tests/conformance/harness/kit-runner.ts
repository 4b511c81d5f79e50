/**
 * Writes lab kits to a temp dir and runs them as a user would (node, /usr/bin/python3, java, bash)
 * against the private node, with the broker named only in the environment.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { httpKit } from '../../../src/lab-core/kit-http'
import { javaKit } from '../../../src/lab-core/kit-java'
import { nodeKit } from '../../../src/lab-core/kit-node'
import { pythonKit } from '../../../src/lab-core/kit-python'
import type { KitFlavour } from '../../../src/lab-core/observation'
import type { LabPlan } from '../../../src/lab-core/plan'

/** Debian's interpreter: python3-pika is installed for it (a pyenv `python3` may not have pika). */
const PYTHON = '/usr/bin/python3'
const JARS = [
  '/usr/share/java/amqp-client.jar',
  '/usr/share/java/slf4j-api.jar',
  '/usr/share/java/slf4j-nop.jar',
]

export interface ProcessResult {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

export function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<ProcessResult> {
  const t0 = Date.now()
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => {
      stdout += d
    })
    child.stderr.on('data', (d) => {
      stderr += d
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolvePromise({ code, stdout, stderr, ms: Date.now() - t0 })
    })
  })
}

/** A directory for kits, with node_modules reachable so `import amqp from 'amqplib'` resolves. */
export function kitDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lab-kits-'))
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Writes the kit for `plan`; returns the command that runs it. `name` must be a Java identifier. */
export function writeKit(dir: string, flavour: KitFlavour, plan: LabPlan, name: string): [string, string[]] {
  switch (flavour) {
    case 'node':
      writeFileSync(join(dir, `${name}.mjs`), nodeKit(plan))
      return [process.execPath, [`${name}.mjs`]]
    case 'python':
      writeFileSync(join(dir, `${name}.py`), pythonKit(plan))
      return [PYTHON, [`${name}.py`]]
    case 'java':
      writeFileSync(join(dir, `${name}.java`), javaKit(plan, name))
      return ['java', ['-cp', [...JARS, '.'].join(':'), name]]
    case 'http':
      writeFileSync(join(dir, `${name}.sh`), httpKit(plan))
      return ['bash', [`${name}.sh`]]
  }
}

/** Every Java kit of the dir in one javac call (one JVM start instead of one per kit). */
export async function compileJava(dir: string, names: string[]): Promise<ProcessResult> {
  return run(
    'javac',
    ['-encoding', 'UTF-8', '-cp', JARS[0] as string, '-d', '.', ...names.map((n) => `${n}.java`)],
    {
      cwd: dir,
      timeoutMs: 300_000,
    },
  )
}
