import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
const cdp = await p.context().newCDPSession(p);
await cdp.send('Performance.enable');
for (const path of ['/', '/', '/login', '/top-rated', '/about']) {
  const t0 = Date.now();
  await p.goto('http://127.0.0.1:4599' + path, { waitUntil: 'load' });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map(x => [x.name, x.value]));
  const nav = await p.evaluate(() => JSON.stringify(performance.getEntriesByType('navigation')[0].toJSON(), ['responseEnd','domInteractive','domContentLoadedEventEnd','loadEventEnd']));
  console.log(path, Date.now() - t0, 'ms', nav, 'script', m.ScriptDuration.toFixed(2), 'layout', m.LayoutDuration.toFixed(2), 'style', m.RecalcStyleDuration.toFixed(2), 'task', m.TaskDuration.toFixed(2));
}
await b.close();
