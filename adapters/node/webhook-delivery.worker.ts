/** What the worker drives: `WebhookDispatcher`. */
export interface DeliveryStepper {
  /** One step; how much it started (0 when there was nothing to do). */
  step(): Promise<number>;
  /** Resolves when one of the deliveries in flight is recorded; null when none is in flight. */
  settledOne(): Promise<void> | null;
  /** Resolves when every delivery started has been recorded. */
  drain(): Promise<void>;
}

export interface DeliveryWorkerOptions {
  /** Milliseconds to wait after a step that found nothing to do (sooner when a delivery in flight finishes). */
  pollMs: number;
  onError?: (err: unknown) => void;
}

/**
 * Runs the webhook dispatcher in this process, off the request path: steps back to back while
 * there is work, then every `pollMs`, and again as soon as a delivery in flight frees its slot.
 * The timer never keeps the process alive.
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

  /** Resolves when no step is under way and every delivery started is recorded (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
    await this.dispatcher.drain();
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
        if (!this.started) return;
        if (done > 0) {
          (this.timer = setTimeout(() => this.tick(), 0)).unref();
          return;
        }
        let woken = false;
        const wake = () => {
          if (woken || !this.started) return;
          woken = true;
          clearTimeout(this.timer);
          this.tick();
        };
        (this.timer = setTimeout(wake, this.options.pollMs)).unref();
        void this.dispatcher.settledOne()?.then(wake);
      });
  }
}
