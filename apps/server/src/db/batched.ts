/**
 * Callers asking at once, made one call. Each server-to-database round trip costs the server more
 * than the database's work for a small statement (the loopback socket's send runs the receiving
 * side too), so a burst of requests doing the same small statement is cheaper as one statement for
 * all of them.
 */

interface Waiter<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Returns `ask(key, item)`: callers with the same key join one call of `run(key, items)`, which
 * answers each item at its index. A caller arriving while a call for its key is under way waits
 * for the next one, which starts after it arrived, so it sees every write committed before it
 * asked. If `run` throws, every caller of that call gets the error.
 */
export function batchedBy<I, O>(
  run: (key: string, items: I[]) => Promise<O[]>,
): (key: string, item: I) => Promise<O> {
  const open = new Map<string, Waiter<I, O>[]>();
  async function work(key: string, waiting: Waiter<I, O>[]): Promise<void> {
    while (waiting.length > 0) {
      const waiters = waiting.splice(0);
      try {
        const answers = await run(
          key,
          waiters.map((waiter) => waiter.item),
        );
        for (const [index, waiter] of waiters.entries()) waiter.resolve(answers[index] as O);
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    open.delete(key);
  }
  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      const running = open.get(key);
      if (running) running.push({ item, resolve, reject });
      else {
        const waiting = [{ item, resolve, reject }];
        open.set(key, waiting);
        void work(key, waiting);
      }
    });
}
