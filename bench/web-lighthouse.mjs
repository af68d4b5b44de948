// Lighthouse 12 (default config: mobile, simulated throttling) on the system Chromium.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

function figures(lhr) {
  const ms = (id) => lhr.audits[id]?.numericValue;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    si: ms('speed-index'),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * Audits `url` in a fresh Chromium. With `signIn`, the page is first reached through the real sign-in
 * in the same profile; Lighthouse then keeps that session (disableStorageReset) while the HTTP cache
 * is emptied, so the audited load fetches every file again, as a first visit would.
 */
export async function audit(url, { signIn } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    let disableStorageReset = false;
    if (signIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto('about:blank');
      await browser.close();
      disableStorageReset = true;
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    // BENCH_WEB_REPORTS=<dir> keeps each run's full report, to see what a page waits for.
    const reports = process.env.BENCH_WEB_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(reports, name), JSON.stringify(result.lhr));
    }
    return figures(result.lhr);
  } finally {
    chrome.kill();
  }
}
