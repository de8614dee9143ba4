/**
 * A first-in first-out queue of bytes with O(1) reads: the chunks as they were written and an
 * index into the first one. An array read with `shift()` byte by byte copies the whole array on
 * every read once it is large (V8 trims only small arrays in place), so a 1 MB burst took minutes.
 */
export class ByteQueue {
  private chunks: Uint8Array[] = [];
  /** The first chunk not wholly read, and the next byte in it. */
  private head = 0;
  private offset = 0;
  private count = 0;

  /** Bytes waiting. */
  get length(): number {
    return this.count;
  }

  /** Appends a copy of `bytes`. */
  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.chunks.push(bytes.slice());
    this.count += bytes.length;
  }

  /** The next byte, left in the queue; undefined when it is empty. */
  peek(): number | undefined {
    return this.count > 0 ? this.chunks[this.head][this.offset] : undefined;
  }

  /** Takes the next byte; undefined when the queue is empty. */
  shift(): number | undefined {
    if (this.count === 0) return undefined;
    const chunk = this.chunks[this.head];
    const b = chunk[this.offset++];
    this.count--;
    if (this.offset === chunk.length) {
      this.head++;
      this.offset = 0;
      // Drop the read chunks once they are half the list: each chunk is moved O(1) times on average.
      if (this.head * 2 >= this.chunks.length) {
        this.chunks = this.chunks.slice(this.head);
        this.head = 0;
      }
    }
    return b;
  }
}
