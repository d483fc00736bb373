import { startStaticServer, launchChromium, newPage, hydrated } from './harness';
const s = await startStaticServer(process.argv[2]);
const b = await launchChromium();
for (const [route, name, w] of [
  ['', 'landing', 1280],
  ['_heading_data_api/', 'heading', 1280],
  ['hasura-cloud/overview/', 'cloud', 1280],
  ['nope/', '404', 1280],
] as const) {
  const { page, external, close } = await newPage(b, s, { viewport: { width: w, height: 900 } });
  await page.goto(s.url(route));
  await hydrated(page);
  await page.screenshot({ path: `/tmp/${name}.png` });
  console.log(name, await page.title(), external);
  await close();
}
await b.close();
await s.close();
