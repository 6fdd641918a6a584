// For tests only: a scripted stand-in for a Web Worker. It records what the page posts, and the
// test makes it reply, crash or send an unreadable message, as a real worker's events would.
export class FakeWorker<Req, Res> extends EventTarget {
  readonly sent: Req[] = [];
  terminated = false;

  postMessage(message: Req): void {
    this.sent.push(message);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(data: Res): void {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }

  crash(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }

  garble(): void {
    this.dispatchEvent(new Event('messageerror'));
  }

  /** The last message of a type the page posted. */
  last<K extends string>(type: K): Extract<Req, { type: K }> {
    const all = this.sent.filter((m) => (m as { type?: string }).type === type);
    return all[all.length - 1] as Extract<Req, { type: K }>;
  }

  /** A factory for a client's `createWorker` that hands out fresh fakes and keeps them. */
  static factory<Req, Res>(): { created: FakeWorker<Req, Res>[]; create: () => Worker } {
    const created: FakeWorker<Req, Res>[] = [];
    return {
      created,
      create: () => {
        const worker = new FakeWorker<Req, Res>();
        created.push(worker);
        return worker as unknown as Worker;
      },
    };
  }
}
