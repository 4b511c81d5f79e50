/**
 * One Mermaid render at a time per view, and only the newest waiting: while a render runs (it holds
 * the main thread for most of a second at 100 nodes), newer diagrams replace each other in the queue,
 * so a burst of publishes draws the last one instead of every one in turn.
 */
export class RenderQueue {
  private running = false
  private next: (() => Promise<void>) | null = null

  /** Run `job` after the one in progress; a job still waiting is dropped for it. */
  request(job: () => Promise<void>): void {
    this.next = job
    if (!this.running) void this.pump()
  }

  private async pump(): Promise<void> {
    this.running = true
    while (this.next) {
      const job = this.next
      this.next = null
      try {
        await job()
      } catch {
        // the job reports its own errors
      }
    }
    this.running = false
  }
}
