import { type Locator, type Page, expect, test } from '@playwright/test';
import { demoControllerId, ensureDevice, signInAsAdmin } from '../support/demo-controller.ts';

/** The controller page's grids in a 1440 px window (issue 24: clipped Actions and Units, a header out of line). */
const area = '/admin/syrx-controllers';
const shots = process.env.E2E_SHOTS_DIR;

interface Box {
  x: number;
  width: number;
}
const boxOf = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return { x: b.x, width: b.width };
};

const headersOf = (grid: Locator) => grid.locator('.ant-table-thead th.ant-table-cell:not(.ant-table-cell-scrollbar)');
const firstRowCells = (grid: Locator) => grid.locator('.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row').first().locator('.ant-table-cell');
const nameOf = async (header: Locator, i: number) => (await header.innerText()).trim() || `column ${i + 1}`;

/** The first row's cells start and end where their header cells do. */
async function expectAligned(grid: Locator): Promise<void> {
  const headers = headersOf(grid);
  const cells = firstRowCells(grid);
  await expect(cells.first()).toBeVisible();
  const count = await headers.count();
  expect(await cells.count()).toBe(count);
  for (let i = 0; i < count; i += 1) {
    const [head, cell, name] = [await boxOf(headers.nth(i)), await boxOf(cells.nth(i)), await nameOf(headers.nth(i), i)];
    expect(Math.abs(cell.x - head.x), `${name}: row cell and header start together`).toBeLessThanOrEqual(1);
    expect(Math.abs(cell.width - head.width), `${name}: row cell and header are as wide`).toBeLessThanOrEqual(1);
  }
}

/**
 * No column is clipped: every header's title shows whole, the first column lies inside the grid at the start of a sideways
 * scroll, and at its end the last one does and no column lies under another (one fixed at the right edge).
 */
async function expectNoColumnClipped(grid: Locator, at: 'start' | 'end'): Promise<void> {
  const frame = await boxOf(grid);
  const headers = headersOf(grid);
  const count = await headers.count();
  const boxes: Box[] = [];
  for (let i = 0; i < count; i += 1) boxes.push(await boxOf(headers.nth(i)));
  for (let i = 0; i < count; i += 1) {
    const name = await nameOf(headers.nth(i), i);
    const cut = await headers.nth(i).evaluate((th) => [th, ...th.querySelectorAll('.ant-table-column-title')].some((el) => el.scrollWidth > el.clientWidth + 1));
    expect(cut, `${name}: its title shows whole`).toBe(false);
    const next = boxes[i + 1];
    // At the start a column may lie under one fixed at the right edge; scrolled to the end, none may.
    if (next && at === 'end') expect(boxes[i]!.x + boxes[i]!.width, `${name} ends before the next column starts`).toBeLessThanOrEqual(next.x + 1);
  }
  const edge = at === 'start' ? boxes[0]! : boxes[count - 1]!;
  expect(edge.x, 'the edge column starts inside the grid').toBeGreaterThanOrEqual(frame.x - 1);
  expect(edge.x + edge.width, 'the edge column ends inside the grid').toBeLessThanOrEqual(frame.x + frame.width + 1);
}

/** Whether the grid's body is wider than the grid (it scrolls sideways). */
const scrollsSideways = (grid: Locator) =>
  grid.evaluate((el) => [...el.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-tbody-virtual-holder')].some((b) => b.scrollWidth > b.clientWidth + 1));

/** Scrolls the grid's body sideways as far as it goes, as a user's trackpad would. */
async function scrollSideways(page: Page, grid: Locator): Promise<void> {
  await firstRowCells(grid).first().hover();
  await page.mouse.wheel(5000, 0);
  // The header follows the body on a later frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** No column clipped at the start and the header in line; scrolled sideways (screenshot `shot`), the same at the end. */
async function expectInLineThroughScroll(page: Page, grid: Locator, shot: string): Promise<void> {
  await expectNoColumnClipped(grid, 'start');
  await expectAligned(grid);
  await scrollSideways(page, grid);
  await shoot(page, shot);
  await expectNoColumnClipped(grid, 'end');
  await expectAligned(grid);
}

/**
 * Signs in, makes sure the demo controller has device 1101 and opens its `tab` ('devices' or 'points'); the grid with
 * the column `column`, once its first row shows.
 */
async function openDemoGrid(page: Page, tab: string, column: string): Promise<Locator> {
  await signInAsAdmin(page, '/home', 60_000);
  const id = await demoControllerId(page);
  await ensureDevice(page, id, 1101);
  await page.goto(`${area}/${id}/${tab}`);
  const grid = page.locator('.ant-table-wrapper').filter({ has: page.getByRole('columnheader', { name: column }) });
  await expect(grid.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  return grid;
}

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the device grid fits with its actions in a menu; with the extra columns its header stays in line after a sideways scroll', async ({ page }) => {
    test.setTimeout(120_000);
    const grid = await openDemoGrid(page, 'devices', 'Actions');
    await shoot(page, 'devices');
    // It fits: nothing to scroll, every column whole; short of space, the actions are in a menu.
    expect(await scrollsSideways(grid)).toBe(false);
    await expectNoColumnClipped(grid, 'start');
    await expectNoColumnClipped(grid, 'end');
    await expectAligned(grid);
    await grid.getByRole('button', { name: 'Actions for AHU-1' }).click();
    await expect(page.getByRole('menuitem', { name: 'Reload points' })).toBeVisible();
    await page.keyboard.press('Escape');

    // With the extra columns it scrolls sideways; the header follows the rows and the actions stay in view.
    await page.getByRole('switch', { name: 'Show extra columns' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Last point discovery' })).toBeVisible();
    await expectInLineThroughScroll(page, grid, 'devices-extra-scrolled');
  });

  test('the points grid clips no column, Units included, and its header stays in line after a sideways scroll', async ({ page }) => {
    test.setTimeout(120_000);
    const grid = await openDemoGrid(page, 'points', 'Units');
    await shoot(page, 'points');
    await expectInLineThroughScroll(page, grid, 'points-scrolled');
  });
});
