import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { createOperatorWithCli, signInAdmin } from './consoles';
import { samplePhotos } from './photos';

/**
 * The admin console's categories and banners (issue 17): an admin hides a seeded group, which leaves the home
 * page's header and footer and comes back when shown; reorders a subcategory; edits a banner, which the spec's
 * banner call serves; and finds the actions in the audit log. Everything is put back as the seed had it, since
 * other journeys browse the same catalogue.
 */
describe('admin console: categories and banners', () => {
  let browser: Browser;
  let admin: Page;
  let errors: string[];
  const stamp = Date.now().toString(36);
  const account = { email: `catalogue-${stamp}@bazaar.example`, password: 'admin-secret-2026' };
  const GROUP = 'Kids';

  const subcategoryOrder = async (group: string) => {
    const res = await admin.request.get('/api/home/get_subcategory_newlist');
    const body = (await res.json()) as {
      gkSubcategory: { categoryName: string; data: { name: string }[] }[];
    };
    return body.gkSubcategory.find((g) => g.categoryName === group)?.data.map((c) => c.name) ?? [];
  };
  const bannerHeadings = async () => {
    const res = await admin.request.get('/api/getallbannerItems');
    return ((await res.json()) as { data: { banners: { heading: string }[] } }).data.banners.map(
      (b) => b.heading,
    );
  };
  /**
   * The shopper's home page, loaded by a new visitor (a browser keeps catalogue answers a few seconds, as their
   * Cache-Control allows): how many links the footer's categories and the header's category bar have to `name`.
   */
  const homeShows = async (name: string) => {
    const context = await newContext(browser, 'desktop');
    const shopper = await context.newPage();
    await shopper.goto('/');
    await waitForApp(shopper);
    await shopper.locator('footer').getByRole('link', { name: 'Mens', exact: true }).waitFor();
    const footer = await shopper.locator('footer').getByRole('link', { name, exact: true }).count();
    const header = await shopper.locator('header').getByRole('link', { name, exact: true }).count();
    await context.close();
    return { footer, header };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    await createOperatorWithCli(account.email, account.password, 'admin');
    admin = await (await newContext(browser, 'desktop')).newPage();
    errors = watchPageErrors(admin);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('hides a group: it leaves the home page header and footer, and comes back when shown', async () => {
    expect((await homeShows(GROUP)).footer).toBe(1);
    await signInAdmin(admin, account);
    await admin.getByRole('link', { name: 'Categories' }).click();
    await admin.waitForURL('**/admin/categories');

    const group = admin.getByRole('region', { name: GROUP });
    await group.getByRole('button', { name: `Hide ${GROUP}`, exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Hidden from shoppers' }).waitFor();
    await group.getByText('Hidden', { exact: true }).first().waitFor();
    await screenshot(admin, 'admin-categories-hidden');
    await expect.poll(() => homeShows(GROUP)).toEqual({ footer: 0, header: 0 });

    await group.getByRole('button', { name: `Show ${GROUP}`, exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Shown to shoppers' }).waitFor();
    await expect.poll(async () => (await homeShows(GROUP)).footer).toBe(1);
  });

  it('reorders a subcategory with the keyboard-reachable buttons, and the storefront follows', async () => {
    const before = await subcategoryOrder(GROUP);
    const [first, second] = before;
    const group = admin.getByRole('region', { name: GROUP });
    await group.getByRole('button', { name: `Move ${first} down` }).click();
    await expect.poll(() => subcategoryOrder(GROUP)).toEqual([second, first, ...before.slice(2)]);
    await group.getByRole('button', { name: `Move ${first} up` }).click();
    await expect.poll(() => subcategoryOrder(GROUP)).toEqual(before);
  });

  it('adds a subcategory, renames it, gives it a picture, moves it to another group and deletes it', async () => {
    const shelf = `Journey Shelf ${stamp}`;
    const renamed = `Journey Racks ${stamp}`;
    const kids = admin.getByRole('region', { name: GROUP });
    await kids.getByLabel(`New subcategory in ${GROUP}`).fill(shelf);
    await kids.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Category created' }).waitFor();
    await expect.poll(async () => (await subcategoryOrder(GROUP)).at(-1)).toBe(shelf);

    await kids.getByRole('button', { name: `Rename ${shelf}` }).click();
    await kids.getByLabel(`New name for ${shelf}`).fill(renamed);
    await kids.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await subcategoryOrder(GROUP)).at(-1)).toBe(renamed);

    const [photo] = await samplePhotos();
    await kids.getByLabel(`Upload a picture for ${renamed}`).setInputFiles(photo);
    await admin.getByRole('status').filter({ hasText: 'Image saved' }).waitFor();
    await expect.poll(() => kids.locator('img[src^="/media/u/"]').count()).toBe(1);

    await kids.getByLabel(`Move ${renamed} to another group`).selectOption({ label: 'Mens' });
    await admin.getByRole('status').filter({ hasText: 'Subcategory moved' }).waitFor();
    await expect.poll(async () => (await subcategoryOrder('Mens')).at(-1)).toBe(renamed);
    const mens = admin.getByRole('region', { name: 'Mens' });

    // A category with products explains why it cannot go; an empty one goes after confirmation.
    const [firstOfMens] = await subcategoryOrder('Mens');
    await mens.getByRole('button', { name: `Delete ${firstOfMens}` }).click();
    const refusal = admin.getByRole('dialog', { name: `Delete ${firstOfMens}?` });
    await refusal.getByText('cannot be deleted: hide it instead').waitFor();
    expect(await refusal.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await refusal.getByRole('button', { name: 'Cancel' }).click();

    await mens.getByRole('button', { name: `Delete ${renamed}` }).click();
    await admin
      .getByRole('dialog', { name: `Delete ${renamed}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await admin.getByRole('status').filter({ hasText: 'Category deleted' }).waitFor();
    await expect.poll(() => subcategoryOrder('Mens')).not.toContain(renamed);
  });

  it('creates a banner, hidden until shown, and deletes it', async () => {
    await admin.getByRole('link', { name: 'Banners' }).click();
    await admin.waitForURL('**/admin/banners');
    const heading = `Journey Banner ${stamp}`;
    await admin.getByText('New banner').click();
    const creator = admin.locator('details');
    await creator.getByLabel('Heading').fill(heading);
    await creator.getByLabel('Description').fill('Made by the journey');
    await creator.getByRole('button', { name: 'Create banner' }).click();
    await admin.getByRole('status').filter({ hasText: 'Banner created' }).waitFor();
    expect(await bannerHeadings()).not.toContain(heading);
    await admin.getByRole('button', { name: `Show ${heading}` }).click();
    await expect.poll(bannerHeadings).toContain(heading);
    await admin.getByRole('button', { name: `Move ${heading} up` }).click();
    await expect.poll(async () => (await bannerHeadings()).at(-2)).toBe(heading);
    await admin.getByRole('button', { name: `Delete ${heading}` }).click();
    await admin
      .getByRole('dialog', { name: `Delete ${heading}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(bannerHeadings).not.toContain(heading);
  });

  it('edits a banner, which the storefront serves, and puts it back', async () => {
    const [heading] = await bannerHeadings();
    const edited = `${heading} ${stamp}`;
    const editor = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('button', { name: 'Save banner' }) });
    await admin.getByRole('button', { name: `Edit ${heading}` }).click();
    await editor.getByLabel('Heading').fill(edited);
    await editor.getByRole('button', { name: 'Save banner' }).click();
    await admin.getByRole('status').filter({ hasText: 'Banner saved' }).waitFor();
    await expect.poll(bannerHeadings).toContain(edited);
    await screenshot(admin, 'admin-banners');
    // Cancel leaves the banner as it is.
    await admin.getByRole('button', { name: `Edit ${edited}` }).click();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('button', { name: `Edit ${edited}` }).click();
    await editor.getByLabel('Heading').fill(heading);
    await editor.getByRole('button', { name: 'Save banner' }).click();
    await expect.poll(bannerHeadings).toContain(heading);
  });

  it('shows the actions in the audit log, before → after', async () => {
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL('**/admin/audit');
    await admin.getByLabel('Search the audit log').fill(account.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    const entries = admin.getByTestId('audit-entries').locator('[data-action]');
    const actions = () =>
      entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-action')));
    await expect
      .poll(actions)
      .toEqual([
        'banner.edit',
        'banner.edit',
        'banner.delete',
        'banner.reorder',
        'banner.show',
        'banner.create',
        'category.delete',
        'category.move',
        'category.image',
        'category.rename',
        'category.create',
        'category.reorder',
        'category.reorder',
        'category.show',
        'category.hide',
      ]);
    expect(await entries.last().textContent()).toMatch(/hidden\s*false\s*true/);
    expect(errors).toEqual([]);
  });

  it('fits both pages on a phone', async () => {
    const phone = await newContext(browser, 'mobile');
    await phone.addCookies(await admin.context().cookies());
    const page = await phone.newPage();
    for (const [path, name] of [
      ['/admin/categories', 'admin-categories-phone'],
      ['/admin/banners', 'admin-banners-phone'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByRole('button', { name: /^Move .* down$/ })
        .first()
        .waitFor();
      await screenshot(page, name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
    }
    await phone.close();
  });
});
