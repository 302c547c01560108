// The test hooks' questions to a webview ("what did you render?"): each carries an id, is posted when the
// webview is ready (again when it is rebuilt after being hidden) and is answered by its 'rendered' message.
export class WebviewQueries<Message, Content> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (content: Content) => void; message: Message }>();

  constructor(private readonly post: (message: Message) => void) {}

  /** Asks the question `question(id)` builds: now when the webview is `ready`, else when it next is. */
  ask(question: (id: number) => Message, ready: boolean): Promise<Content> {
    const id = this.nextId++;
    const message = question(id);
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, message });
      if (ready) this.post(message);
    });
  }

  /** The webview is (again) ready: the questions not answered yet go to it. */
  resend(): void {
    for (const query of this.pending.values()) this.post(query.message);
  }

  answered(id: number, content: Content): void {
    this.pending.get(id)?.resolve(content);
    this.pending.delete(id);
  }
}
