/**
 * The typed message protocol between the main thread and the engine Worker.
 * Requests carry an increasing id; the client drops any reply whose id is not the latest of its kind.
 */
import type { engineApi } from './engine-api'

export type EngineApi = typeof engineApi
export type EngineMethod = keyof EngineApi

export interface EngineRequest<M extends EngineMethod = EngineMethod> {
  id: number
  method: M
  args: Parameters<EngineApi[M]>
}

export type EngineResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string } }
