/**
 * Runs lookups (or writes) in batches, only when busy: idle, an item runs at once, alone (no
 * added latency); while `maxInFlight` batches are running, items wait and the next batch takes
 * every item asked for meanwhile (up to `maxBatch`). Under a burst one statement then serves
 * hundreds of requests instead of one each (bench/chat-send: the cost of a statement on this
 * machine is its round trip, not its size). Every item is handled by a batch that started after
 * it was asked, so a lookup is as fresh as one of its own: nothing is cached.
 */
/** An item's own failure in a batch that answered the others (`run` answers it in the item's place). */
export class BatchItemFailure {
  constructor(readonly error: unknown) {}
}

export class BatchWhileBusy<Item, Answer> {
  private readonly queue: Array<{
    item: Item;
    resolve: (answer: Answer) => void;
    reject: (error: unknown) => void;
  }> = [];
  private inFlight = 0;

  /**
   * `run` answers one result per item, in the items' order (a BatchItemFailure rejects that item
   * alone); a rejection fails the whole batch.
   */
  constructor(
    private readonly run: (items: Item[]) => Promise<Array<Answer | BatchItemFailure>>,
    private readonly options: { maxInFlight: number; maxBatch: number },
  ) {}

  load(item: Item): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight++;
      let answers: Promise<Array<Answer | BatchItemFailure>>;
      try {
        answers = this.run(batch.map((entry) => entry.item));
      } catch (error) {
        answers = Promise.reject(error);
      }
      answers
        .then(
          (results) =>
            batch.forEach((entry, i) => {
              const result = results[i];
              if (result instanceof BatchItemFailure) entry.reject(result.error);
              else entry.resolve(result);
            }),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.drain();
        });
    }
  }
}
