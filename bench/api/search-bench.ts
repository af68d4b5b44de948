// The shape every read bench shares: a store seeded by the product's own command and filled
// directly, the product started as `npm start` starts it, a reader signed in for real, the routes
// measured in interleaved rounds beside that process's /readyz, a table and one budget line each.
import { budget, type Figure, interleaved, type Route, table } from './measure';
import {
  embeddedStore,
  type Product,
  postgresStore,
  type SignedIn,
  type Store,
  seedStore,
  signIn,
  startProduct,
} from './product';

export interface BudgetedRoute extends Route {
  /** The budget line's label. */
  budget: string;
}

export interface SearchBench {
  /** What the store holds once filled, for the log line ("100000 startups"). */
  what: string;
  /** Fills the seeded store before the product starts (an embedded database has one owner at a time). */
  fill(store: Store): Promise<void>;
  /** The demo account the routes are read as; omitted for signed-out routes. */
  reader?: { email: string; password: string };
  /** The routes to measure, given the running product and the signed-in reader. */
  routes(product: Product, reader: SignedIn | null): BudgetedRoute[];
  budget: { vsReady: number; p99Ms: number };
}

async function runOn(store: Store, port: number, bench: SearchBench): Promise<void> {
  try {
    seedStore(store);
    const started = Date.now();
    await bench.fill(store);
    console.log(`\n${store.label}: ${bench.what} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const product = await startProduct(store, port, { NODE_ENV: 'production' });
    try {
      const reader = bench.reader ? await signIn(product.base, bench.reader) : null;
      const routes = bench.routes(product, reader);
      const [ready, ...figures] = (await interleaved(2, [
        { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
        ...routes,
      ])) as [Figure, ...Figure[]];
      const how = reader ? 'production settings (npm start)' : 'production settings (npm start), signed out';
      table(`${store.label}, ${how}`, ready, figures);
      for (const [index, route] of routes.entries()) {
        budget(route.budget, figures[index]!, ready, bench.budget.vsReady, bench.budget.p99Ms);
      }
    } finally {
      await product.stop();
    }
  } finally {
    await store.drop();
  }
}

/**
 * The embedded database, then PostgreSQL when DATABASE_URL is set (a database of its own beside
 * the one it names); BENCH_ONLY=embedded|postgres runs one, BENCH_PORT moves the first port.
 */
export async function runSearchBench(defaultPort: number, bench: SearchBench): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  if (only !== 'postgres') await runOn(embeddedStore(), port, bench);
  if (process.env.DATABASE_URL && only !== 'embedded')
    await runOn(await postgresStore(process.env.DATABASE_URL), port + 1, bench);
  else if (only !== 'embedded') console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped.');
}
