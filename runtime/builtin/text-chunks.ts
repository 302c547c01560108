// A long JSON text built piece by piece without holding it on the V8 heap: pieces gather in a short string
// that is moved into a Buffer (off-heap memory) every `chunkChars`, so a million-entry struct log costs the
// heap only one chunk at a time.
const chunkChars = 1 << 16;

export class TextChunks {
  private pending = '';
  private readonly chunks: Uint8Array[] = [];
  append(text: string): void {
    this.pending += text;
    if (this.pending.length >= chunkChars) this.flush();
  }

  /** The text so far, as chunks; the builder is empty afterwards. */
  take(): Uint8Array[] {
    this.flush();
    return this.chunks.splice(0);
  }

  private flush(): void {
    if (this.pending === '') return;
    this.chunks.push(Buffer.from(this.pending, 'utf8'));
    this.pending = '';
  }
}
