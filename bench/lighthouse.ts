/**
 * npx tsx bench/lighthouse.ts --url http://localhost:3000 [--runs 3] [--slug SLUG] [--listing /shops?…]
 *
 * Mobile Lighthouse performance of the home page, a listing and a product page of a running, seeded server, run
 * `--runs` times in turn (Lighthouse varies from run to run, much more on a loaded machine): each run's scores,
 * then each page's median and range, with the machine's load average before and after. The product is the
 * listing's first unless `--slug` names one.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { lighthouseScores } from './web';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    runs: { type: 'string', default: '3' },
    slug: { type: 'string' },
    listing: { type: 'string', default: '/shops?category=mens-kurtas' },
  },
});
const baseUrl = values.url.replace(/\/$/, '');
const runs = Number(values.runs);

async function firstProductSlug(): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/home/query-products?pageNumber=1`);
  const { products } = (await answer.json()) as { products: { slug: string }[] };
  if (!products[0]) throw new Error('the catalogue has no product: seed it first');
  return products[0].slug;
}

const slug = values.slug ?? (await firstProductSlug());
const pages = [
  { page: 'home', url: `${baseUrl}/` },
  { page: 'listing', url: `${baseUrl}${values.listing}` },
  { page: 'product', url: `${baseUrl}/product/details/${slug}` },
];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

console.log(`load average before: ${load()}`);
const byPage = new Map<string, number[]>(pages.map(({ page }) => [page, []]));
for (let run = 1; run <= runs; run += 1) {
  const scores = await lighthouseScores(pages);
  if (typeof scores === 'string') throw new Error(scores);
  console.log(`run ${run}: ${scores.map((score) => `${score.page} ${score.performance ?? '—'}`).join(', ')}`);
  for (const score of scores) if (score.performance !== null) byPage.get(score.page)!.push(score.performance);
}
console.log(`load average after: ${load()}`);
for (const [page, scores] of byPage) {
  const sorted = [...scores].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${page}: median ${median ?? '—'}, range ${sorted[0] ?? '—'}–${sorted.at(-1) ?? '—'}`);
}
