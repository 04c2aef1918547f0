/**
 * The admin console's categories and banners (issue 17) through HTTP on both databases: every change's rule, what
 * the storefront shows after it (hidden categories leave every shopper's read, their products' pages stay), and
 * the audit row each change writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCatalogueMessages as messages,
  type AdminCategoriesResponse,
  type AdminCategoryGroup,
} from '@bazaar/shared';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { catalog, seedCatalog } from './orders-fixtures';
import { smallPhoto } from './photo-fixtures';
import { signedInOperator } from './security-fixtures';

let server: TestServer;
let admin: ApiClient;
let shopper: ApiClient;

const MENS = 1;
const WOMEN = 2;
const KURTAS = catalog.products.kurta.category;
const TEES = catalog.products.tee.category;
const SNEAKERS = catalog.products.soldOut.category;

const auditRows = (action: string) =>
  server.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();

async function lastAudit(action: string) {
  const [row] = await auditRows(action);
  expect(row, `no ${action} audit row`).toBeDefined();
  return { ...row, before: JSON.parse(row.before ?? 'null'), after: JSON.parse(row.after ?? 'null') };
}

function expectOk<T>(res: { status: number; body: T }): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const groupOf = (tree: AdminCategoriesResponse, id: number): AdminCategoryGroup =>
  tree.groups.find((group) => group.id === id)!;

/** The storefront's reads a hidden category must leave, as shoppers make them. */
async function storefront() {
  const [categorys, subcategories, groups, home, listing, suggestions, search] = await Promise.all([
    shopper.get('/home/get-categorys'),
    shopper.get('/home/get_subcategory_newlist'),
    shopper.get('/home/home-page-product-listing'),
    shopper.get('/home/get-products'),
    shopper.get('/home/query-products?pageNumber=1'),
    shopper.get('/home/get_search_products?value='),
    shopper.get('/home/query-products?pageNumber=1&searchValue=roadster'),
  ]);
  const ids = (products: { _id: number }[]) => products.map((p) => p._id);
  return {
    groups: (categorys.body.categorys as { _id: number }[]).map((c) => c._id),
    subcategories: (
      subcategories.body.gkSubcategory as { categoryName: string; data: { _id: number }[] }[]
    ).map((group) => ({ group: group.categoryName, ids: group.data.map((c) => c._id) })),
    homeSections: (groups.body.gkProducts as { title: string; products: { _id: number }[] }[]).flatMap((g) =>
      ids(g.products),
    ),
    latest: ids(home.body.products),
    listing: ids(listing.body.products),
    suggestions: (suggestions.body.homeSearch as { slug: string }[]).map((s) => s.slug),
    search: ids(search.body.products),
  };
}

beforeAll(async () => {
  server = await startTestServer({ prepare: (db) => seedCatalog(db) });
  admin = await signedInOperator(server, 'admin');
  shopper = new ApiClient(server.baseUrl);
});
afterAll(() => server?.close());

describe(`admin console: categories (${testDialect})`, () => {
  it('lists the tree with product counts, to admins only', async () => {
    const tree = expectOk(await admin.get<AdminCategoriesResponse>('/admin/categories'));
    expect(tree.groups.map((g) => g.name)).toEqual(['Mens', 'Women']);
    expect(groupOf(tree, MENS).subcategories.map((c) => [c.name, c.position, c.productCount])).toEqual([
      ['Kurtas', 0, 1],
      ['T-Shirts', 1, 1],
      ['Sneakers', 2, 1],
    ]);
    expect((await (await signedInOperator(server)).get('/admin/categories')).status).toBe(403);
    expect((await shopper.get('/admin/categories')).status).toBe(401);
  });

  it('hides a subcategory from every storefront read and shows it again; its products keep their pages', async () => {
    const before = await storefront();
    expect(before.listing).toContain(catalog.products.kurta.id);
    expect(before.search).toContain(catalog.products.kurta.id);
    expect(before.homeSections).toContain(catalog.products.kurta.id);
    expect(before.suggestions).toContain('kurta');

    const hidden = expectOk(await admin.post(`/admin/categories/${KURTAS}/visibility`, { hidden: true }));
    expect(hidden.message).toBe(messages.hidden);
    const kurtas = groupOf(hidden, MENS).subcategories.find((c) => c.id === KURTAS)!;
    expect(kurtas.hidden).toBe(true);

    const after = await storefront();
    expect(after.subcategories.find((g) => g.group === 'Mens')!.ids).toEqual([TEES, SNEAKERS]);
    for (const read of [after.homeSections, after.latest, after.listing, after.search])
      expect(read).not.toContain(catalog.products.kurta.id);
    expect(after.suggestions).not.toContain('kurta');
    // The listing's category filter finds nothing under it, by slug or by id.
    for (const reference of ['mens-kurtas', String(KURTAS)])
      expect(
        (await shopper.get(`/home/query-products?pageNumber=1&category=${reference}`)).body.products,
      ).toEqual([]);
    // The group's filter leaves it out too.
    const mens = await shopper.get('/home/query-products?pageNumber=1&category=mens');
    expect(mens.body.products.map((p: { _id: number }) => p._id)).not.toContain(catalog.products.kurta.id);
    // Its product's own page stays: orders, wishlists and shared links name it (see catalog/service.ts).
    const page = await shopper.get('/home/get-product/kurta');
    expect(page.status).toBe(200);
    // "More from the shop" suggests other products: not those of a hidden shelf.
    const teePage = await shopper.get('/home/get-product/tee');
    expect(teePage.body.moreProducts.map((p: { _id: number }) => p._id)).not.toContain(
      catalog.products.kurta.id,
    );

    const audit = await lastAudit('category.hide');
    expect([audit.subject_kind, audit.subject_id, audit.before, audit.after]).toEqual([
      'category',
      String(KURTAS),
      { hidden: false },
      { hidden: true },
    ]);

    expectOk(await admin.post(`/admin/categories/${KURTAS}/visibility`, { hidden: false }));
    expect(await storefront()).toEqual(before);
    expect((await lastAudit('category.show')).after).toEqual({ hidden: false });
  });

  it('hides a group with its subcategories: it leaves the header, footer and home sections', async () => {
    const before = await storefront();
    expectOk(await admin.post(`/admin/categories/${WOMEN}/visibility`, { hidden: true }));
    const after = await storefront();
    expect(after.groups).toEqual([MENS]);
    expect(after.subcategories.map((g) => g.group)).toEqual(['Mens']);
    for (const read of [after.homeSections, after.latest, after.listing])
      expect(read).not.toContain(catalog.products.saree.id);
    expect(
      (await shopper.get('/home/query-products?pageNumber=1&category=women-sarees')).body.products,
    ).toEqual([]);
    expectOk(await admin.post(`/admin/categories/${WOMEN}/visibility`, { hidden: false }));
    expect(await storefront()).toEqual(before);
  });

  it('reorders within a list, keeping positions 0, 1, 2…, and the storefront follows', async () => {
    const tree = expectOk(await admin.post(`/admin/categories/${SNEAKERS}/position`, { position: 0 }));
    expect(groupOf(tree, MENS).subcategories.map((c) => [c.id, c.position])).toEqual([
      [SNEAKERS, 0],
      [KURTAS, 1],
      [TEES, 2],
    ]);
    expect((await storefront()).subcategories[0].ids).toEqual([SNEAKERS, KURTAS, TEES]);
    // Past the end means last.
    const last = expectOk(await admin.post(`/admin/categories/${SNEAKERS}/position`, { position: 99 }));
    expect(groupOf(last, MENS).subcategories.map((c) => [c.id, c.position])).toEqual([
      [KURTAS, 0],
      [TEES, 1],
      [SNEAKERS, 2],
    ]);
    expect((await lastAudit('category.reorder')).before).toEqual({ position: 0 });
    expect((await lastAudit('category.reorder')).after).toEqual({ position: 2 });
    // Groups reorder the same way: the header's order.
    expectOk(await admin.post(`/admin/categories/${WOMEN}/position`, { position: 0 }));
    expect((await storefront()).groups).toEqual([WOMEN, MENS]);
    expectOk(await admin.post(`/admin/categories/${WOMEN}/position`, { position: 1 }));
    const refused = await admin.post(`/admin/categories/${KURTAS}/position`, { position: -1 });
    expect(refused.status).toBe(400);
  });

  it('creates, renames (the slug stays) and moves a subcategory; both groups stay dense', async () => {
    const created = expectOk(
      await admin.post('/admin/categories', { name: 'Ethnic Jackets', parentId: MENS }),
    );
    const jackets = groupOf(created, MENS).subcategories.at(-1)!;
    expect([jackets.name, jackets.slug, jackets.position, jackets.productCount]).toEqual([
      'Ethnic Jackets',
      'mens-ethnic-jackets',
      3,
      0,
    ]);
    expect((await lastAudit('category.create')).after).toMatchObject({
      name: 'Ethnic Jackets',
      parentId: MENS,
    });
    // Validation: a name, and a parent that is a group.
    expect((await admin.post('/admin/categories', { name: 'x', parentId: MENS })).status).toBe(400);
    const underSub = await admin.post('/admin/categories', { name: 'Nehru Jackets', parentId: KURTAS });
    expect([underSub.status, underSub.body.error]).toEqual([400, messages.groupNotFound]);

    const renamed = expectOk(
      await admin.patch(`/admin/categories/${KURTAS}`, { name: 'Kurtas & Sherwanis' }),
    );
    const kurtas = groupOf(renamed, MENS).subcategories.find((c) => c.id === KURTAS)!;
    expect([kurtas.name, kurtas.slug]).toEqual(['Kurtas & Sherwanis', 'mens-kurtas']);
    const byOldLink = await shopper.get('/home/query-products?pageNumber=1&category=mens-kurtas');
    expect(byOldLink.body.products.map((p: { category: string }) => p.category)).toEqual([
      'Kurtas & Sherwanis',
    ]);
    const bySearch = await shopper.get('/home/query-products?pageNumber=1&searchValue=sherwanis');
    expect(bySearch.body.products.map((p: { _id: number }) => p._id)).toContain(catalog.products.kurta.id);
    expect(await lastAudit('category.rename')).toMatchObject({
      before: { name: 'Kurtas' },
      after: { name: 'Kurtas & Sherwanis' },
    });

    const moved = expectOk(await admin.post(`/admin/categories/${TEES}/move`, { parentId: WOMEN }));
    expect(groupOf(moved, MENS).subcategories.map((c) => [c.id, c.position])).toEqual([
      [KURTAS, 0],
      [SNEAKERS, 1],
      [jackets.id, 2],
    ]);
    expect(groupOf(moved, WOMEN).subcategories.map((c) => c.id)).toEqual([21, TEES]);
    const women = await shopper.get('/home/query-products?pageNumber=1&category=women');
    expect(women.body.products.map((p: { _id: number }) => p._id)).toContain(catalog.products.tee.id);
    expect(await lastAudit('category.move')).toMatchObject({
      before: { parentId: MENS, position: 1 },
      after: { parentId: WOMEN, position: 1 },
    });
    expect((await admin.post(`/admin/categories/${TEES}/move`, { parentId: WOMEN })).status).toBe(409);
    expect((await admin.post(`/admin/categories/${MENS}/move`, { parentId: WOMEN })).status).toBe(400);
    expect((await admin.post(`/admin/categories/${TEES}/move`, { parentId: KURTAS })).status).toBe(400);
    expect((await admin.post(`/admin/categories/9999/move`, { parentId: MENS })).status).toBe(404);
    expectOk(await admin.post(`/admin/categories/${TEES}/move`, { parentId: MENS }));
  });

  it('refuses to delete a category with products or subcategories (409), and deletes an empty one', async () => {
    const withProducts = await admin.delete(`/admin/categories/${SNEAKERS}`);
    expect(withProducts.status).toBe(409);
    expect(withProducts.body).toEqual({ error: messages.inUse(1), code: 'CATEGORY_IN_USE' });
    const group = await admin.delete(`/admin/categories/${MENS}`);
    expect([group.status, group.body.error]).toEqual([409, messages.hasSubcategories]);

    const tree = expectOk(await admin.get<AdminCategoriesResponse>('/admin/categories'));
    const empty = groupOf(tree, MENS).subcategories.find((c) => c.productCount === 0)!;
    const deleted = expectOk(await admin.delete(`/admin/categories/${empty.id}`));
    expect(deleted.message).toBe(messages.deleted);
    const left = groupOf(deleted, MENS).subcategories;
    expect(left.map((c) => c.id)).not.toContain(empty.id);
    expect(left.map((c) => c.position)).toEqual(left.map((_, index) => index));
    expect((await lastAudit('category.delete')).before).toMatchObject({ name: empty.name });
    expect((await admin.delete(`/admin/categories/${empty.id}`)).status).toBe(404);
  });

  it('sets a category image through the photo pipeline; the storefront shows it', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await smallPhoto('png', 400, 400))]), 'kurtas.png');
    const tree = expectOk(await admin.post(`/admin/categories/${KURTAS}/image`, form));
    const image = groupOf(tree, MENS).subcategories.find((c) => c.id === KURTAS)!.image;
    expect(image).toMatch(/^\/media\/u\/[a-z0-9]+-400x400\/400\.webp$/);
    // Stored with its renditions, served like a product photo.
    const served = await fetch(server.baseUrl + image);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const subcategories = await shopper.get('/home/get_subcategory_newlist');
    const listed = subcategories.body.gkSubcategory[0].data.find((c: { _id: number }) => c._id === KURTAS);
    expect(listed.image).toBe(image);
    expect(await lastAudit('category.image')).toMatchObject({
      before: { image: '/media/kurtas.jpg' },
      after: { image },
    });
    const notAPicture = new FormData();
    notAPicture.append('file', new Blob([new Uint8Array(Buffer.from('hello'))]), 'x.png');
    // Refused as the seller's photo uploads are, and nothing changes.
    expect((await admin.post(`/admin/categories/${KURTAS}/image`, notAPicture)).status).toBe(415);
    expect((await auditRows('category.image')).length).toBe(1);
  });

  it('retires cached storefront answers at once when a category changes', async () => {
    const first = await shopper.get('/home/get-categorys');
    const second = await shopper.get('/home/get-categorys');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expectOk(await admin.post(`/admin/categories/${MENS}/visibility`, { hidden: true }));
    const after = await shopper.get('/home/get-categorys');
    expect(after.body.categorys.length).toBe(first.body.categorys.length - 1);
    expectOk(await admin.post(`/admin/categories/${MENS}/visibility`, { hidden: false }));
  });
});

describe(`admin console: banners (${testDialect})`, () => {
  const fields = (heading: string) => ({
    heading,
    description: `${heading}: new arrivals`,
    buttonText: 'Shop now',
    link: '/shops?category=mens',
  });
  const storefrontBanners = async () =>
    ((await shopper.get('/getallbannerItems')).body.data.banners as { heading: string }[]).map(
      (b) => b.heading,
    );

  it('creates banners hidden, shows, edits, reorders, hides and deletes them; the spec call follows', async () => {
    const created = expectOk(await admin.post('/admin/banners', fields('Festive Edit')));
    const festive = created.banners.at(-1)!;
    expect([festive.hidden, festive.path]).toEqual([true, '']);
    expect(await storefrontBanners()).not.toContain('Festive Edit');

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await smallPhoto('jpeg', 1280, 480))]), 'festive.jpg');
    const withArt = expectOk(await admin.post(`/admin/banners/${festive.id}/image`, form));
    const path = withArt.banners.find((b: { id: number }) => b.id === festive.id)!.path;
    expect(path).toMatch(/^\/media\/u\/[a-z0-9]+-1280x480\/1280\.webp$/);

    expectOk(await admin.post(`/admin/banners/${festive.id}/visibility`, { hidden: false }));
    const second = expectOk(await admin.post('/admin/banners', fields('Wedding Season'))).banners.at(-1)!;
    expectOk(await admin.post(`/admin/banners/${second.id}/visibility`, { hidden: false }));
    const spec = await shopper.get('/getallbannerItems');
    expect(spec.body.data.banners.at(-2)).toEqual({
      path,
      heading: 'Festive Edit',
      description: 'Festive Edit: new arrivals',
      buttonText: 'Shop now',
    });
    expect((await storefrontBanners()).slice(-2)).toEqual(['Festive Edit', 'Wedding Season']);

    const reordered = expectOk(await admin.post(`/admin/banners/${second.id}/position`, { position: 0 }));
    expect(reordered.banners.map((b: { position: number }) => b.position)).toEqual(
      reordered.banners.map((_: unknown, index: number) => index),
    );
    expect((await storefrontBanners())[0]).toBe('Wedding Season');

    expectOk(
      await admin.put(`/admin/banners/${festive.id}`, { ...fields('Diwali Edit'), buttonText: 'Explore' }),
    );
    expect(await storefrontBanners()).toContain('Diwali Edit');
    expect(await lastAudit('banner.edit')).toMatchObject({
      before: { heading: 'Festive Edit', buttonText: 'Shop now' },
      after: { heading: 'Diwali Edit', buttonText: 'Explore' },
    });

    expectOk(await admin.post(`/admin/banners/${festive.id}/visibility`, { hidden: true }));
    expect(await storefrontBanners()).not.toContain('Diwali Edit');
    expect((await lastAudit('banner.hide')).after).toEqual({ hidden: true });

    const deleted = expectOk(await admin.delete(`/admin/banners/${second.id}`));
    expect(deleted.banners.map((b: { id: number }) => b.id)).not.toContain(second.id);
    expect(await storefrontBanners()).not.toContain('Wedding Season');
    for (const action of ['banner.create', 'banner.image', 'banner.show', 'banner.reorder', 'banner.delete'])
      expect((await auditRows(action)).length, action).toBeGreaterThan(0);
  });

  it('retires only the banner answer on a banner change: cached listings stay', async () => {
    const [banner] = expectOk(await admin.get('/admin/banners')).banners;
    expectOk(await admin.post(`/admin/banners/${banner.id}/visibility`, { hidden: false }));
    await shopper.get('/home/get-categorys');
    await shopper.get('/getallbannerItems');
    expect((await shopper.get('/home/get-categorys')).headers.get('x-cache')).toBe('HIT');
    expect((await shopper.get('/getallbannerItems')).headers.get('x-cache')).toBe('HIT');
    expectOk(await admin.put(`/admin/banners/${banner.id}`, { ...fields('Cache Check'), link: banner.link }));
    const banners = await shopper.get('/getallbannerItems');
    expect(banners.headers.get('x-cache')).toBe('MISS');
    expect(banners.body.data.banners.map((b: { heading: string }) => b.heading)).toContain('Cache Check');
    expect((await shopper.get('/home/get-categorys')).headers.get('x-cache')).toBe('HIT');
  });

  it('validates a banner: every text, and a link within the shop', async () => {
    for (const body of [
      { ...fields('Sale'), heading: '' },
      { ...fields('Sale'), link: 'https://elsewhere.example/' },
      { ...fields('Sale'), link: '//elsewhere.example/' },
      { ...fields('Sale'), buttonText: 'x'.repeat(31) },
    ])
      expect((await admin.post('/admin/banners', body)).status, JSON.stringify(body)).toBe(400);
    expect((await admin.put('/admin/banners/9999', fields('Sale'))).status).toBe(404);
  });
});
