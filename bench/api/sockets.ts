// Sockets and delivery figures shared by the socket benches (realtime.ts, messaging.ts): sockets opened
// with socket.io-client as a browser tab would (websocket transport, a session cookie, the product's
// origin), the arrival time of each emit that matters, and the percentiles the benches print.
// socket.io-client is not declared in bench/package.json: it resolves from the workspace root's
// node_modules (the web app's dependency), hoisted there by npm.

import { performance } from 'node:perf_hooks';
import { REALTIME_EVENT, REALTIME_PATH, type RealtimeMessage } from '@nexus/contracts';
import { io, type Socket } from 'socket.io-client';

export interface Listener<K> {
  socket: Socket;
  /** When each awaited emit (by the key `keyOf` gave it) reached this socket. */
  arrivals: Map<K, number>;
}

/**
 * Opens one socket per cookie on `base`, `batchSize` handshakes at a time (as page loads would
 * arrive), and records an arrival for every emit that `keyOf` gives a key to.
 */
export async function openSockets<K>(
  base: string,
  cookies: string[],
  keyOf: (message: RealtimeMessage) => K | undefined,
  batchSize = cookies.length,
): Promise<Listener<K>[]> {
  const listeners: Listener<K>[] = [];
  for (let start = 0; start < cookies.length; start += batchSize) {
    const batch = cookies.slice(start, start + batchSize).map((cookie) => {
      const socket = io(base, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie, origin: base },
        reconnection: false,
        forceNew: true,
        timeout: 20_000,
      });
      const listener: Listener<K> = { socket, arrivals: new Map() };
      socket.on(REALTIME_EVENT, (message: RealtimeMessage) => {
        const key = keyOf(message);
        if (key !== undefined) listener.arrivals.set(key, performance.now());
      });
      return new Promise<Listener<K>>((resolve, reject) => {
        socket.once('connect', () => resolve(listener));
        socket.once('connect_error', reject);
      });
    });
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

export function closeSockets(listeners: Listener<unknown>[]): void {
  for (const { socket } of listeners) socket.close();
}

/** Waits until every socket has `arrived` (or the deadline passes), polling every `pollMs`. */
export async function waitForAll<K>(
  listeners: Listener<K>[],
  arrived: (listener: Listener<K>) => boolean,
  pollMs: number,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (listeners.some((l) => !arrived(l)) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Delivery delays of one run; a socket that never got the emit counts as Infinity (lost). */
export interface Delays {
  /** From the write's response reaching the bench: the server emits once that response is sent. */
  fromResponse: number[];
  /** From the write's request leaving the bench: an upper bound, the write itself included. */
  fromRequest: number[];
  writeMs: number[];
}

export const newDelays = (): Delays => ({ fromResponse: [], fromRequest: [], writeMs: [] });

/** Records one socket's delivery of a write sent at `sent` and answered at `responded`. */
export function recordArrival(delays: Delays, at: number | undefined, sent: number, responded: number): void {
  delays.fromRequest.push(at === undefined ? Number.POSITIVE_INFINITY : at - sent);
  delays.fromResponse.push(at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, at - responded));
}

/** The nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export interface DeliverySummary {
  p50: number;
  p99: number;
  max: number;
  requestP99: number;
  writeP50: number;
  lost: number;
}

export function summarize(delays: Delays): DeliverySummary {
  const sorted = [...delays.fromResponse].sort((a, b) => a - b);
  const fromRequest = [...delays.fromRequest].sort((a, b) => a - b);
  const writes = [...delays.writeMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    requestP99: percentile(fromRequest, 99),
    writeP50: percentile(writes, 50),
    lost: sorted.filter((d) => !Number.isFinite(d)).length,
  };
}

/** The columns both benches print: p50, p99, max, req p99, write ms, lost. */
export function deliveryCells(summary: DeliverySummary): string {
  const cell = (value: number, width = 8) => value.toFixed(1).padStart(width);
  return `${cell(summary.p50)} ${cell(summary.p99)} ${cell(summary.max)} ${cell(summary.requestP99, 10)} ${cell(
    summary.writeP50,
    9,
  )} ${String(summary.lost).padStart(5)}`;
}
