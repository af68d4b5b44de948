// `npm run web:profile -w @nexus/bench`: what a page's main thread does until its largest paint, on a
// phone-like CPU (4x slowdown, as Lighthouse's mobile run), signed in as the demo learner. It starts
// the built server as bench:web does, loads the page once to warm the session, empties the HTTP cache,
// then loads it again under a CPU profile and a trace, and prints:
//   - the main thread's tasks of 20 ms or more up to the paint, with what each spent its time on,
//   - the script time per file and the functions with the most time of their own.
// It writes web-profile.cpuprofile and web-profile-trace.json to BENCH_PROFILE_DIR (default the
// system's temp folder) for Chromium's DevTools. Build with `NO_MINIFY=1 npm run build` to read names.
//   BENCH_PROFILE_PATH (/lxp)   BENCH_WEB_PORT (18322)
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './web-lighthouse.mjs';
import { signInLearner, startServer } from './web-server.mjs';

const PATH = process.env.BENCH_PROFILE_PATH ?? '/lxp';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 18322);
const OUT = process.env.BENCH_PROFILE_DIR ?? tmpdir();

const short = (url) => String(url ?? '').replace(/^.*\//, '');

function tasks(traceEvents, largestPaintMs) {
  const lcpEvents = traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate');
  const pid = lcpEvents[0]?.pid;
  const main = traceEvents.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args.name === 'CrRendererMain',
  );
  // The page's clock starts at its navigation; the trace's does not: the paint is in both.
  const start = lcpEvents.length ? lcpEvents.at(-1).ts - largestPaintMs * 1000 : 0;
  const events = traceEvents
    .filter((e) => e.pid === pid && e.tid === main?.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const lines = [];
  for (const task of events.filter((e) => e.name === 'RunTask' && e.dur >= 20_000)) {
    const at = (task.ts - start) / 1000;
    if (at < 0) continue;
    const parts = new Map();
    for (const e of events) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur || e.dur < 2000) continue;
      if (
        !/^(EvaluateScript|v8\.evaluateModule|FunctionCall|ParseHTML|UpdateLayoutTree|Layout|Paint|MinorGC|MajorGC)$/.test(
          e.name,
        )
      )
        continue;
      const label =
        e.name === 'FunctionCall' || e.name === 'EvaluateScript'
          ? `${e.name} ${short(e.args?.data?.url)}`
          : e.name;
      parts.set(label, (parts.get(label) ?? 0) + e.dur / 1000);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
    lines.push(
      `  ${at.toFixed(0).padStart(5)} ms  ${(task.dur / 1000).toFixed(0).padStart(4)} ms  ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | ')}`,
    );
  }
  return lines;
}

function scriptTime(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map();
  const byFunction = new Map();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id).callFrame;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const file = short(frame.url) || frame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber}:${frame.columnNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { files: top(byFile, 15), functions: top(byFunction, 20) };
}

const server = await startServer(PORT);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await signInLearner(page, server.origin, PATH);
  await page.goto('about:blank');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__largestPaint = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const tracePath = join(OUT, 'web-profile-trace.json');
  await cdp.send('Profiler.start');
  await browser.startTracing(page, {
    path: tracePath,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'blink',
      'loading',
      'toplevel',
    ],
  });
  await page.goto(`${server.origin}${PATH}`);
  await page.waitForFunction(() => window.__largestPaint !== undefined, null, {
    timeout: 30_000,
    polling: 5,
  });
  // Whatever ran right after the paint (effects, data) is shown too, up to half a second.
  await page.waitForTimeout(500);
  const { profile } = await cdp.send('Profiler.stop');
  await browser.stopTracing();
  writeFileSync(join(OUT, 'web-profile.cpuprofile'), JSON.stringify(profile));

  const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8'));
  const largestPaint = await page.evaluate(() => window.__largestPaint);
  const lines = tasks(traceEvents, largestPaint);
  console.log(
    `${PATH} at a 4x CPU slowdown, unthrottled local network: largest paint at ${largestPaint.toFixed(0)} ms`,
  );
  console.log('main-thread tasks of 20 ms or more (start, length, what they spent it on):');
  for (const line of lines) console.log(line);
  const { files, functions } = scriptTime(profile);
  console.log('time per file (ms, throttled):');
  for (const [file, ms] of files) console.log(`  ${ms.toFixed(0).padStart(5)}  ${file}`);
  console.log('functions with the most time of their own:');
  for (const [fn, ms] of functions) console.log(`  ${ms.toFixed(0).padStart(5)}  ${fn}`);
  console.log(`profile and trace in ${OUT} (web-profile.cpuprofile, web-profile-trace.json)`);
} finally {
  await browser.close();
  await server.stop();
}
