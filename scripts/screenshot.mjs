// Screenshots for reviewing pages by eye: node scripts/screenshot.mjs URL OUT.png [WIDTHxHEIGHT] [--dark]
import { chromium } from '@playwright/test';

const [url, out, size = '1280x800', ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [WIDTHxHEIGHT] [--dark]');
  process.exit(2);
}
const [width, height] = size.split('x').map(Number);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({
  viewport: { width, height },
  colorScheme: flags.includes('--dark') ? 'dark' : 'light',
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: flags.includes('--full') });
await browser.close();
console.log(`saved ${out}`);
