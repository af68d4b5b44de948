import type { PGlite } from '@electric-sql/pglite';

/** What stopped the embedded database's backend, and the last statement it was given. */
export interface EmbeddedFailure {
  error: unknown;
  statement: string | undefined;
}

/** The server's exit code when the embedded database stopped (EX_TEMPFAIL: starting again helps). */
export const EMBEDDED_DATABASE_STOPPED = 75;

/** PGlite's marker for a PostgreSQL ERROR unwinding to its main loop: a normal, recovered error. */
const POSTGRES_MAIN_LONGJMP = 100;
const STATEMENT_CHARS = 2000;

interface BackendModule {
  _PostgresMainLoopOnce: () => void;
  stackRestore: (pointer: number) => void;
}

/**
 * Turns the death of PGlite's backend into a failed query instead of a server frozen at full CPU.
 *
 * When the backend exits (a FATAL error, e.g. a protocol message it cannot read) or WebAssembly
 * traps mid-statement, PGlite's protocol loop swallows the exception and calls the dead backend
 * again, forever, synchronously: no timer or health check can run again (electric-sql/pglite#1058,
 * open as of 0.5.16). The loop restores the stack after every swallowed exception, so once a
 * failure is recorded that restore rethrows it: the loop ends, the query rejects, and `onFailure`
 * is told once, with the statement that was running, so the process can say why and stop.
 */
export function guardEmbeddedBackend(client: PGlite, onFailure: (failure: EmbeddedFailure) => void) {
  const internals = client as unknown as {
    mod?: BackendModule;
    execProtocolRawSync: (message: Uint8Array) => Uint8Array;
  };
  const mod = internals.mod;
  if (!mod || typeof mod._PostgresMainLoopOnce !== 'function' || typeof mod.stackRestore !== 'function') {
    throw new Error('PGlite internals changed: review db/embedded-guard.ts against this version');
  }
  let failure: EmbeddedFailure | undefined;
  let statement: string | undefined;

  const loopOnce = mod._PostgresMainLoopOnce.bind(mod);
  mod._PostgresMainLoopOnce = () => {
    try {
      loopOnce();
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status !== POSTGRES_MAIN_LONGJMP && !failure) {
        failure = { error, statement };
        onFailure(failure);
      }
      throw error;
    }
  };
  const stackRestore = mod.stackRestore.bind(mod);
  mod.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (failure) throw new EmbeddedDatabaseStopped(failure);
  };
  const execProtocolRawSync = internals.execProtocolRawSync.bind(client);
  internals.execProtocolRawSync = (message) => {
    if (failure) throw new EmbeddedDatabaseStopped(failure);
    statement = lastQueryText(message) ?? statement;
    return execProtocolRawSync(message);
  };
}

export class EmbeddedDatabaseStopped extends Error {
  constructor(readonly failure: EmbeddedFailure) {
    super(`the embedded database stopped: ${describe(failure.error)}`);
    this.name = 'EmbeddedDatabaseStopped';
  }
}

/** Emscripten's ExitStatus is no Error, but carries a name and a message like one. */
export function describe(error: unknown): string {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (typeof message === 'string') return typeof name === 'string' ? `${name}: ${message}` : message;
  return String(error);
}

/**
 * The SQL text of the last Query ('Q') or Parse ('P') message in a frontend message buffer; values
 * (Bind) are left out, so no parameter reaches a log.
 */
export function lastQueryText(message: Uint8Array): string | undefined {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  let text: string | undefined;
  let offset = 0;
  while (offset + 5 <= message.length) {
    const type = message[offset]!;
    const length = view.getInt32(offset + 1);
    if (length < 4) break;
    const body = message.subarray(offset + 5, Math.min(message.length, offset + 1 + length));
    if (type === 0x51) text = cString(body, 0).value;
    if (type === 0x50) text = cString(body, cString(body, 0).end + 1).value;
    offset += 1 + length;
  }
  return text?.slice(0, STATEMENT_CHARS);
}

const utf8 = new TextDecoder();

function cString(bytes: Uint8Array, start: number): { value: string; end: number } {
  let end = bytes.indexOf(0, start);
  if (end < 0) end = bytes.length;
  return { value: utf8.decode(bytes.subarray(start, end)), end };
}
