import type { FastifyInstance } from 'fastify';

export async function catalogRoutes(api: FastifyInstance): Promise<void> {
  api.get('/home/get-categorys', async () => {
    const rows = await api.ctx.db
      .selectFrom('categories')
      .select(['id', 'name', 'slug', 'image'])
      .where('parent_id', 'is', null)
      .orderBy('position')
      .execute();
    return { categorys: rows.map((r) => ({ _id: r.id, name: r.name, slug: r.slug, image: r.image })) };
  });
}
