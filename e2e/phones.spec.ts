import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Role } from '@contract/auth';
import { a11ySweep, type Session, slug } from './a11y-sweep';
import { call, createProject } from './accounts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './routes';
import { capture, choose, DESKTOP, PHONE } from './support';

// Every screen at 375 px (docs/product/client-behaviour.md#phones): no text cut off or spilling out
// of its box, no page wider than the phone, every table's essential columns in sight without
// scrolling, and every tab of a tab strip in sight or reachable by scrolling the strip. Each route is
// checked as each role, and so is every tab of its tab strips. A failure lists the offenders by text.

const PROJECT = 'Quarterly customer onboarding programme';
const DESCRIPTION = 'Support for the quarterly customer onboarding review with the regional sales leads';

/** Long names and lines, where a phone would have to wrap or cut them. */
async function seed({ manager, employee, admin }: Record<Role, Session>) {
  const project = await createProject(admin, PROJECT);
  const team = await call(
    'POST',
    '/api/teams',
    {
      name: 'Customer onboarding and regional support',
      members: [
        { userId: manager.user.id, role: 'manager' },
        { userId: employee.user.id, role: 'member' },
      ],
    },
    admin.cookie,
  );
  expect(team.status).toBe(201);
  const member = await call(
    'POST',
    `/api/projects/${project.id}/members`,
    { userId: employee.user.id },
    admin.cookie,
  );
  expect(member.status).toBe(201);
  expect(
    (
      await call(
        'POST',
        '/api/tasks',
        {
          title: 'Prepare the onboarding checklist for the regional teams',
          projectId: project.id,
          assigneeId: employee.user.id,
        },
        manager.cookie,
      )
    ).status,
  ).toBe(201);
  const started = await call(
    'POST',
    '/api/timer/start',
    { projectId: project.id, description: DESCRIPTION },
    employee.cookie,
  );
  expect(started.status).toBe(201);
  expect((await call('POST', '/api/timer/stop', {}, employee.cookie)).status).toBeLessThan(300);
  expect((await call('POST', '/api/attendance/clock-in', {}, employee.cookie)).status).toBe(201);
}

const { openAs, visit, ready, noConsoleErrors } = a11ySweep(seed);

type Offender = { check: string; text: string; detail: string };

/**
 * What does not fit the phone, found in the page. Text is an element's own text nodes; it is cut
 * when a box that hides overflow (its own, with an ellipsis, or an ancestor's) ends before it does,
 * spills when it runs past its own box, and is off the page when it runs past the screen's edge. A
 * box that scrolls (a table's, a tab strip's) is a way to reach its text, so text inside one is
 * judged by the table and tab checks instead.
 */
function findOffenders(): Offender[] {
  const out: Offender[] = [];
  const width = document.documentElement.clientWidth;
  const words = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 90);
  const scrolls = (el: Element) => /auto|scroll/.test(getComputedStyle(el).overflowX);
  const slack = 1;

  if (document.documentElement.scrollWidth > width + slack)
    out.push({
      check: 'page',
      text: '',
      detail: `the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`,
    });

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent?.trim()) continue;
    seen.add(el);
    if (el.closest('script, style, noscript, svg, option, .sr-only, [aria-hidden="true"]')) continue;
    // A folded <details> shows only its summary.
    if (el.closest('details:not([open]) > :not(summary)')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
    // The box of the element's own text.
    let left = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (const child of el.childNodes) {
      if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(child);
      const r = range.getBoundingClientRect();
      if (r.width === 0) continue;
      left = Math.min(left, r.left);
      right = Math.max(right, r.right);
      bottom = Math.max(bottom, r.bottom);
    }
    if (right === -Infinity) continue;
    const own = el.getBoundingClientRect();
    if (style.display !== 'inline' && style.overflowX === 'visible' && right > own.right + slack) {
      out.push({
        check: 'text',
        text: words(el),
        detail: `runs ${Math.round(right - own.right)} px out of its box`,
      });
      continue;
    }
    let reachable = false;
    for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
      if (scrolls(box)) {
        reachable = true;
        break;
      }
      const overflow = getComputedStyle(box);
      if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
      const r = box.getBoundingClientRect();
      if (left < r.left - slack || right > r.right + slack || bottom > r.bottom + 2) {
        out.push({
          check: 'text',
          text: words(el),
          detail:
            box === el
              ? `is cut off${style.textOverflow === 'ellipsis' ? ' with an ellipsis' : ''}`
              : `is cut off by its <${box.tagName.toLowerCase()}> box`,
        });
        reachable = true;
        break;
      }
    }
    if (!reachable && (right > width + slack || left < -slack))
      out.push({ check: 'text', text: words(el), detail: 'runs past the edge of the screen' });
  }

  // Tables: the columns a table marks essential are in sight without scrolling it.
  for (const table of document.querySelectorAll('table')) {
    if (table.getClientRects().length === 0) continue;
    const name =
      table.getAttribute('aria-label') ?? words(table.querySelector('caption') ?? table).slice(0, 40);
    const essential = [...table.querySelectorAll('thead th[data-essential]')];
    if (essential.length === 0) {
      out.push({
        check: 'table',
        text: name,
        detail: 'marks no column essential (data-essential on its <th>)',
      });
      continue;
    }
    let view = { left: 0, right: width };
    for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
      if (!scrolls(box)) continue;
      const r = box.getBoundingClientRect();
      view = { left: Math.max(view.left, r.left), right: Math.min(view.right, r.right) };
    }
    for (const th of essential) {
      const r = th.getBoundingClientRect();
      if (r.width === 0 || r.left < view.left - slack || r.right > view.right + slack)
        out.push({ check: 'table', text: `${name}: ${words(th)}`, detail: 'essential column out of sight' });
    }
  }

  // Tab strips: each tab in sight, or the strip scrolls to it.
  for (const list of document.querySelectorAll('[role="tablist"]')) {
    if (list.getClientRects().length === 0) continue;
    const strip = list.getBoundingClientRect();
    if (strip.right > width + slack)
      out.push({ check: 'tabs', text: words(list), detail: 'the strip runs past the edge of the screen' });
    const scroller = scrolls(list) && list.scrollWidth > list.clientWidth;
    for (const tab of list.querySelectorAll('[role="tab"]')) {
      const r = tab.getBoundingClientRect();
      const inSight = r.width > 0 && r.left >= strip.left - slack && r.right <= strip.right + slack;
      if (!inSight && !scroller) out.push({ check: 'tabs', text: words(tab), detail: 'tab out of sight' });
    }
  }
  return out;
}

/** The screen's offenders, and those of each other tab of its tab strips. */
async function check(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  const add = async (label: string) => {
    await ready(page);
    for (const o of await page.evaluate(findOffenders))
      found.push(`${label}: [${o.check}] "${o.text}" ${o.detail}`);
  };
  await add(where);
  await capture(page, `phones-${where.replace(' ', '-')}`, { fullPage: true });
  const tabs = page.getByRole('main').getByRole('tab', { selected: false });
  const names = await tabs.allTextContents();
  for (const name of names) {
    await page.getByRole('main').getByRole('tab', { name, exact: true }).click();
    await add(`${where} › ${name}`);
  }
  return found;
}

describe('every screen fits a 375 px phone', () => {
  it('signed out', async () => {
    const { context, page } = await openAs(null, PHONE);
    const found: string[] = [];
    for (const path of PUBLIC_ROUTES) {
      await visit(page, path);
      found.push(...(await check(page, `signed-out ${slug(path)}`)));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  for (const role of ['employee', 'manager', 'admin'] as const) {
    it(`as ${role}`, { timeout: 180_000 }, async () => {
      const { context, page } = await openAs(role, PHONE);
      const found: string[] = [];
      for (const path of SIGNED_IN_ROUTES) {
        await visit(page, path);
        found.push(...(await check(page, `${role} ${slug(path)}`)));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }

  // The page column's width is the window's, whatever the page holds: it once shrank to its content,
  // so starting a timer (a short line instead of the form) made the Time Tracker narrower (by 88 px at
  // 1280 px with the sidebar open).
  it('the Time Tracker keeps its width when a timer starts and stops', async () => {
    const { context, page } = await openAs('employee', DESKTOP);
    await page.goto('/tracker');
    await ready(page);
    // the page's column: the first thing in the main landmark's frame
    const column = page.locator('#main > div > :first-child');
    const width = () => column.evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const idle = await width();
    await choose(page, 'timer-projectId', PROJECT);
    await page.getByRole('button', { name: 'Start Timer' }).click();
    await page.getByRole('button', { name: 'Stop Timer' }).waitFor();
    expect(await width(), 'running').toBe(idle);
    await page.getByRole('button', { name: 'Stop Timer' }).click();
    await page.getByRole('button', { name: 'Start Timer' }).waitFor();
    expect(await width(), 'stopped').toBe(idle);
    await context.close();
  });

  noConsoleErrors();
});
