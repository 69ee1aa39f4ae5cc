import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core in every browser journey: each screen a journey snaps is checked, and a serious or
 * critical violation fails the journey. The app's CSP allows no injected <script>, so axe's source is
 * evaluated through the DevTools protocol instead (page.evaluate is not subject to the page's CSP).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One line per checked screen (name and counts by impact), for the figures in a report. */
export const AXE_RESULTS_FILE = '.tmp/axe-results.jsonl';

type Impact = NonNullable<ImpactValue>;
const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];
const FAILING: Impact[] = ['critical', 'serious'];

type Violation = { id: string; impact: ImpactValue; help: string; targets: string[] };

/** Waits until transitions and entrance animations have ended (a fading-in dialog is see-through). */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function runAxe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } })
      .axe;
    // Label in Name (WCAG 2.5.3) is still tagged experimental in axe, so it is switched on here.
    // Every rule still runs; `resultTypes` only spares axe from describing (a selector and the HTML
    // of) every node that passed, which nobody reads here (docs/decisions/031-test-loop.md).
    const results = await axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}\n      ${n.failureSummary ?? ''}`),
    }));
  });
}

/** Runs axe on the page as it is now; prints counts by impact; throws on serious or critical. */
export async function checkAccessibility(page: Page, screen: string) {
  await settleAnimations(page);
  const violations = await runAxe(page);
  const counts = Object.fromEntries(
    IMPACTS.map((impact) => [impact, violations.filter((v) => v.impact === impact).length]),
  ) as Record<Impact, number>;
  const rules = violations.map((v) => `${v.id} (${v.impact})`).join(', ');
  console.log(
    `axe ${screen}: ${IMPACTS.map((i) => `${counts[i]} ${i}`).join(', ')}${rules ? ` — ${rules}` : ''}`,
  );
  mkdirSync('.tmp', { recursive: true });
  appendFileSync(
    AXE_RESULTS_FILE,
    `${JSON.stringify({ screen, ...counts, rules: violations.map((v) => v.id) })}\n`,
  );
  const failing = violations.filter((v) => v.impact && FAILING.includes(v.impact));
  if (failing.length) {
    throw new Error(
      `axe found ${failing.length} serious or critical violation(s) on ${screen}:\n${failing
        .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`)
        .join('\n')}`,
    );
  }
}
