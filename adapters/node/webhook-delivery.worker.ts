/** What the worker drives: `WebhookDispatcher`. */
export interface DeliveryStepper {
  /** One step; how much it did (0 when there was nothing to do). */
  step(): Promise<number>;
}

export interface DeliveryWorkerOptions {
  /** Milliseconds to wait after a step that found nothing to do. */
  pollMs: number;
  onError?: (err: unknown) => void;
}

/**
 * Runs the webhook dispatcher in this process, off the request path: steps back to back while
 * there is work, then every `pollMs`. The timer never keeps the process alive.
 */
export class WebhookDeliveryWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  constructor(
    private readonly dispatcher: DeliveryStepper,
    private readonly options: DeliveryWorkerOptions,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    if (!this.running) this.tick();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Resolves when no step is under way (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private tick(): void {
    this.running = this.dispatcher
      .step()
      .catch((err: unknown) => {
        this.options.onError?.(err);
        return 0;
      })
      .then((done) => {
        this.running = undefined;
        if (this.started) (this.timer = setTimeout(() => this.tick(), done > 0 ? 0 : this.options.pollMs)).unref();
      });
  }
}
