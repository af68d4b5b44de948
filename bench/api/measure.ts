// autocannon runs and how their figures print: every route as a share of the same process's /readyz.
import autocannon from 'autocannon';

export const CONNECTIONS = 32;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = Math.min(2, DURATION_S);

export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** What one request may change before it is sent: another path, body or person (cookie) each time. */
export type SetupRequest = (request: autocannon.Request) => autocannon.Request;

export interface Route {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: SetupRequest;
  /**
   * Awaited after the route's run, before the next route's: work the route left to do after its
   * answers (an outbox to dispatch) is finished there, not measured as part of the next route.
   */
  after?: () => Promise<void>;
}

export async function measure(route: Route): Promise<Figure> {
  const { url, method = 'GET', body, headers = {}, setupRequest } = route;
  const requests = setupRequest ? [{ method, body, setupRequest }] : undefined;
  const options = { url, method, body, headers, requests, connections: CONNECTIONS };
  // A short warm-up fills the pool, JIT and the database caches before the measured run.
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    name: route.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Routes measured in alternating rounds and combined (mean req/s, worst latencies): a ratio would
 * otherwise drown in the drift of a shared machine between two consecutive runs.
 */
export async function interleaved(rounds: number, routes: Route[]): Promise<Figure[]> {
  const runs = routes.map(() => [] as Figure[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, route] of routes.entries()) {
      runs[index]!.push(await measure(route));
      await route.after?.();
    }
  }
  return runs.map((figures) => ({
    name: figures[0]!.name,
    rps: figures.reduce((sum, f) => sum + f.rps, 0) / figures.length,
    p50: Math.max(...figures.map((f) => f.p50)),
    p99: Math.max(...figures.map((f) => f.p99)),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
  }));
}

export function table(title: string, ceiling: Figure, figures: Figure[]): void {
  console.log(`\n${title}: ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(`${'route'.padEnd(38)}   req/s  of /readyz   p50 ms   p99 ms   errors`);
  for (const f of [ceiling, ...figures]) {
    const share = `${((f.rps / ceiling.rps) * 100).toFixed(0)}%`;
    console.log(
      `${f.name.padEnd(38)} ${f.rps.toFixed(0).padStart(7)} ${share.padStart(11)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(8)}`,
    );
  }
}

/** One budget line: a share of a reference (the ceiling, or another route) and a p99 bound. */
export function budget(
  label: string,
  figure: Figure,
  reference: Figure,
  share: number,
  p99Ms?: number,
): boolean {
  const ratio = figure.rps / reference.rps;
  const within = ratio >= share && (p99Ms === undefined || figure.p99 < p99Ms) && figure.errors === 0;
  const bound = p99Ms === undefined ? '' : `, p99 < ${p99Ms} ms`;
  console.log(
    `budget ${label} (>= ${share * 100}% of ${reference.name}${bound}): ${(ratio * 100).toFixed(0)}%, p99 ${figure.p99} ms: ${within ? 'within' : 'MISSED'}`,
  );
  return within;
}
