// `npm run bench:web`: what pages cost a browser, measured from the network against the real server.
// 1. /login in Chromium: bytes of JavaScript and CSS on the wire (CDP encodedDataLength: compressed
//    body plus headers), budget 150 KB (issue 13).
// 2. Hub pages: JavaScript on the wire, budget 300 KB each (issue 22): the shell, the data layer (axios,
//    RTK Query), the page and its inputs, compressed. /investor-hub signed out (public), and a defined
//    hub (/idea-hub, blocks of six areas) signed in as the learner, inside the private frame.
// 3. Lighthouse 12 mobile performance on /login and on /lxp signed in as a learner, budget 90.
// It prints figures; it is not a test and fails nothing.

import { chromium } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { audit, CHROMIUM_PATH } from './web-lighthouse.mjs';
import { signInLearner, startServer } from './web-server.mjs';

const BUDGET_LOGIN_KB = 150;
const BUDGET_HUB_JS_KB = 300;
const BUDGET_SCORE = 90;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 18321);
/** Lighthouse varies from run to run on a busy machine; the median of a few runs is reported (0: bytes only). */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);

/** Bytes each response took on the wire, by resource type, for one cold load of `url`. */
async function wireBytes(
  browser,
  url,
  ready = (page) => page.getByRole('link', { name: 'Sign in', exact: true }),
  prepare = async () => {},
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A signed-in measure signs in first (its session cookie stays), then loads the page cold.
  await prepare(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  const files = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    responses.set(requestId, { type, url: response.url, encoding: response.headers['content-encoding'] });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) files.push({ ...response, bytes: encodedDataLength });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The page itself is a lazy chunk: wait until it has rendered, then for what it still fetches.
  await ready(page).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return files;
}

function median(values) {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function lighthouseLine(label, url, options) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, options));
  const pick = (key) => median(runs.map((run) => run[key]));
  const score = pick('score');
  const landed = new URL(runs[0].finalUrl).pathname;
  console.log(
    `${label}: performance ${score} (budget ${BUDGET_SCORE}: ${score >= BUDGET_SCORE ? 'within' : 'UNDER'}), ` +
      `FCP ${seconds(pick('fcp'))}, LCP ${seconds(pick('lcp'))}, TBT ${Math.round(pick('tbt'))} ms, ` +
      `SI ${seconds(pick('si'))}; median of ${RUNS} (scores ${runs.map((run) => run.score).join(', ')}; ` +
      `landed on ${landed}; benchmarkIndex ${Math.round(pick('benchmarkIndex'))})`,
  );
}

buildIfStale({ log: (line) => console.error(line) });
const server = await startServer(PORT);
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const files = await wireBytes(browser, `${server.origin}/login`);
  const hubFiles = await wireBytes(browser, `${server.origin}/investor-hub`, (page) =>
    page.getByRole('heading', { level: 1 }).first(),
  );
  const definedHubFiles = await wireBytes(
    browser,
    `${server.origin}/idea-hub`,
    (page) => page.getByRole('heading', { level: 1, name: 'Idea hub' }),
    async (page) => {
      await signInLearner(page, server.origin, '/idea-hub');
      // A first sign-in asks for a role; the learner takes the first one, as the e2e journeys do.
      if (new URL(page.url()).pathname === '/select-role') {
        await page.getByRole('button').first().click();
        await page.waitForURL((url) => url.pathname !== '/select-role');
      }
    },
  );
  await browser.close();
  const scripts = files.filter((file) => file.type === 'Script');
  const styles = files.filter((file) => file.type === 'Stylesheet');
  const sum = (list) => list.reduce((total, file) => total + file.bytes, 0);
  const loginBytes = sum(scripts) + sum(styles);
  console.log(
    `/login JavaScript and CSS on the wire: ${kb(loginBytes)} (budget ${BUDGET_LOGIN_KB} KB: ` +
      `${loginBytes / 1024 <= BUDGET_LOGIN_KB ? 'within' : 'OVER'}); ` +
      `JavaScript ${kb(sum(scripts))} in ${scripts.length} files, CSS ${kb(sum(styles))} in ${styles.length}; ` +
      `every request ${kb(sum(files))}`,
  );
  for (const file of [...styles, ...scripts].sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${new URL(file.url).pathname}: ${kb(file.bytes)} (${file.encoding ?? 'identity'})`);

  for (const [label, list] of [
    ['/investor-hub (signed out)', hubFiles],
    ['/idea-hub (learner)', definedHubFiles],
  ]) {
    const hubScripts = list.filter((file) => file.type === 'Script');
    const hubBytes = sum(hubScripts);
    console.log(
      `${label} JavaScript on the wire: ${kb(hubBytes)} in ${hubScripts.length} files (budget ` +
        `${BUDGET_HUB_JS_KB} KB: ${hubBytes / 1024 <= BUDGET_HUB_JS_KB ? 'within' : 'OVER'}); CSS ` +
        `${kb(sum(list.filter((file) => file.type === 'Stylesheet')))}; every request ${kb(sum(list))}`,
    );
    if (process.env.BENCH_WEB_FILES) {
      for (const file of hubScripts.sort((a, b) => b.bytes - a.bytes))
        console.log(`  ${new URL(file.url).pathname}: ${kb(file.bytes)}`);
    }
  }

  if (RUNS > 0) {
    await lighthouseLine('Lighthouse /login', `${server.origin}/login`);
    await lighthouseLine('Lighthouse /lxp (learner)', `${server.origin}/lxp`, {
      signIn: (page) => signInLearner(page, server.origin),
    });
  }
} finally {
  await server.stop();
}
