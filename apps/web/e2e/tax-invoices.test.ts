import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { launchBrowser, newContext, screenshot, VIEWPORTS, watchPageErrors, waitForApp } from './browser';
import { withShopDatabase } from './buyer';
import { createOperatorWithCli, decidePaymentByApi, signInAdmin } from './consoles';
import { partOfOrder, signInSeededSeller } from './seller';
import { orderAndClaimPayment, signInNewShopper } from './shopper';

/**
 * GST tax invoices (issue 17): an admin changes the GST rate of an HSN code on /admin/tax-rates (asked to confirm,
 * audited) and puts it back; a shopper's paid order gives the seller a tax invoice to download from the order page,
 * and the shopper's invoice download is the same tax invoice, amounts with the ₹ sign.
 */
describe('tax invoices and GST rates', () => {
  let browser: Browser;
  let admin: Page;
  const errors: string[][] = [];
  const stamp = Date.now().toString(36);
  const account = { email: `gst-${stamp}@bazaar.example`, password: 'admin-secret-2026' };
  const HATS = '6505';

  const pdfText = async (bytes: Uint8Array) =>
    (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createOperatorWithCli(account.email, account.password, 'admin');
    admin = await (await newContext(browser, 'desktop')).newPage();
    errors.push(watchPageErrors(admin));
    await signInAdmin(admin, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens the editor of the hats' rate, types the rates and saves; the confirmation is left open. */
  async function editHats(rate: string) {
    const row = admin.getByTestId('tax-rates').locator(`[data-hsn="${HATS}"]`);
    await row.getByRole('button', { name: `Edit the rate of HSN ${HATS}` }).click();
    const form = admin.getByRole('form', { name: `Edit the rate of HSN ${HATS}` });
    await form.getByLabel('Rate (%)', { exact: true }).fill(rate);
    await form.getByRole('button', { name: 'Save rate' }).click();
    return { row, form };
  }

  it('changes a GST rate after a confirmation, shows it in the audit log, and puts it back', async () => {
    await admin.getByRole('link', { name: 'GST rates' }).click();
    await admin.waitForURL('**/admin/tax-rates');
    const row = admin.getByTestId('tax-rates').locator(`[data-hsn="${HATS}"]`);
    expect(await row.getByTestId('rate-summary').textContent()).toBe('5 %');
    expect(await admin.getByTestId('tax-rates').locator('[data-hsn="6211"]').textContent()).toContain(
      '5 % up to ₹2,500 a piece, 18 % above',
    );

    // Cancel leaves the rate as it was.
    const first = await editHats('12');
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await first.form.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.getByTestId('rate-summary').textContent()).toBe('5 %');

    await editHats('12');
    const dialog = admin.getByRole('dialog', { name: `Change the GST rate of HSN ${HATS}?` });
    expect(await dialog.textContent()).toContain('Invoices already issued keep the rate');
    await screenshot(admin, 'admin-tax-rates-confirm');
    await dialog.getByRole('button', { name: 'Change rate' }).click();
    await expect.poll(() => row.getByTestId('rate-summary').textContent()).toBe('12 %');
    await screenshot(admin, 'admin-tax-rates-desktop');

    await admin.getByRole('link', { name: 'Audit log' }).click();
    const entry = admin.locator('[data-action="tax_rate.change"]').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`hsn_rate ${HATS}`);

    await admin.getByRole('link', { name: 'GST rates' }).click();
    await editHats('5');
    await admin.getByRole('dialog').getByRole('button', { name: 'Change rate' }).click();
    await expect.poll(() => row.getByTestId('rate-summary').textContent()).toBe('5 %');

    await admin.setViewportSize(VIEWPORTS.mobile);
    await admin.reload();
    await row.waitFor();
    await screenshot(admin, 'admin-tax-rates-mobile');
    await admin.setViewportSize(VIEWPORTS.desktop);
    expect(errors.flat()).toEqual([]);
  });

  it("gives the seller its part's tax invoice from the order page, and the shopper the same invoice", async () => {
    const product = withShopDatabase(
      (db) =>
        db
          .prepare(
            `select p.id, s.shop_name as shopName from products p join sellers s on s.id = p.seller_id
             where p.stock >= 5 and p.size_system is null and p.visible = 1 and s.status = 'approved'
             order by p.id limit 1 offset 11`,
          )
          .get() as { id: number; shopName: string },
    );
    const shopperPage = await (await newContext(browser, 'desktop')).newPage();
    const shopper = await signInNewShopper(shopperPage, 'Invoice Shopper', '/help');
    const address = await shopperPage.request.post('/api/home/customer/add_address', {
      data: {
        name: 'Invoice Shopper',
        phonenumber: '9876543210',
        pincode: '560001',
        state: 'Karnataka',
        cityDistTown: 'Bengaluru',
        address: '12, MG Road',
        defaultAddress: true,
      },
      ...shopper.authed,
    });
    expect(address.ok(), await address.text()).toBe(true);
    const addressId = ((await address.json()) as { address: { _id: number } }).address._id;
    const orderId = await orderAndClaimPayment(shopperPage, shopper, addressId, {
      productId: product.id,
      quantity: 1,
    });
    // The admin works the operators' console too.
    await admin.goto('/ops/payments');
    await waitForApp(admin);
    await decidePaymentByApi(admin, orderId, 'verify');

    const partId = partOfOrder(orderId).id;
    const seller = await (await newContext(browser, 'desktop')).newPage();
    errors.push(watchPageErrors(seller));
    await signInSeededSeller(seller, product.shopName);
    await seller.goto(`/seller/orders/${partId}`);
    await seller.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    const [download] = await Promise.all([
      seller.waitForEvent('download'),
      seller.getByRole('link', { name: 'Tax invoice' }).click(),
    ]);
    const sellerCopy = await pdfText(new Uint8Array(await readFile((await download.path())!)));
    expect(sellerCopy).toContain('TAX INVOICE');
    expect(sellerCopy).toContain(orderId);
    expect(sellerCopy).toContain('Place of supply: Karnataka (29)');
    expect(sellerCopy).toMatch(/Total \(incl\. GST\)\s*₹[\d,]+\.\d\d/);
    const number = /Invoice no\.:\s*(\S+)/.exec(sellerCopy)![1];

    const shopperDownload = await shopperPage.request.get(
      `/api/home/customer/invoice/${orderId}`,
      shopper.authed,
    );
    expect(shopperDownload.status()).toBe(200);
    const shopperCopy = await pdfText(new Uint8Array(await shopperDownload.body()));
    expect(shopperCopy).toContain(`Invoice no.: ${number}`);
    expect(errors.flat()).toEqual([]);
  });
});
