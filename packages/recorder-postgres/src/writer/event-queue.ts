/**
 * A first-in, first-out queue with O(1) `push` and batch `take`: an array read from a moving
 * head, compacted now and then, so taking a batch from a long queue never shifts it all.
 *
 * @internal
 */
export class EventQueue<TItem> {
  #items: TItem[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: TItem): void {
    this.#items.push(item);
  }

  /** Removes and returns up to `count` items from the front. */
  take(count: number): TItem[] {
    if (this.#head === 0 && this.#items.length <= count) {
      const all = this.#items;
      this.#items = [];
      return all;
    }
    const taken = this.#items.slice(this.#head, this.#head + count);
    this.#head += taken.length;
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head >= 4096 && this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return taken;
  }
}
