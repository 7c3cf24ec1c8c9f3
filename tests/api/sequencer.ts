/**
 * The API run's file order: vitest's (failed first, then the longest), except that the files
 * that start from the run's demo shop wait behind the first few others. The demo shop is made
 * in the background at the start of the run (tests/api/global-setup.ts); run first, as the
 * longest files, they would only sit waiting for it while a core idled.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Other files that run before the demo shop's: enough work to cover its making on two cores. */
const AHEAD = 8;
const needsDemoShop = (spec: TestSpecification) => /\bshop: true\b|\bdemoShop\(/.test(readFileSync(spec.moduleId, 'utf8'));

export default class DemoShopLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((f) => f.project.name === 'api' && needsDemoShop(f));
    if (!waiting.length) return sorted;
    const others = sorted.filter((f) => !waiting.includes(f));
    const at = others.findIndex((f) => f.project.name === 'api');
    const cut = at < 0 ? others.length : Math.min(others.length, at + AHEAD);
    return [...others.slice(0, cut), ...waiting, ...others.slice(cut)];
  }
}
