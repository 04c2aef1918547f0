import type { FastifyInstance } from 'fastify';
import {
  messageResponseSchema,
  productIdParamSchema,
  productReviewsResponseSchema,
  reviewEligibilitySchema,
  reviewMessages,
  reviewsQuerySchema,
  submitReviewSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import * as reviews from './service';

export async function reviewsRoutes(api: FastifyInstance): Promise<void> {
  const ctx = api.ctx;
  const routes = declared(api);
  const tags = ['Reviews'];

  routes.post(
    '/home/customer/submit-review',
    {
      schema: {
        tags,
        security: signedIn.customer,
        body: submitReviewSchema,
        response: { 201: messageResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      await reviews.submitReview(ctx, customer, request.body);
      return reply.status(201).send({ message: reviewMessages.added });
    },
  );

  // Not in the spec: lets the product page show the form only to customers it would accept.
  routes.get(
    '/home/customer/review-eligibility/:productId',
    {
      schema: {
        tags,
        security: signedIn.customer,
        params: productIdParamSchema,
        response: { 200: reviewEligibilitySchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return reviews.reviewEligibility(ctx, customer.id, request.params.productId);
    },
  );

  routes.get(
    '/home/customer/get-reviews/:productId',
    {
      schema: {
        tags,
        params: productIdParamSchema,
        querystring: reviewsQuerySchema,
        response: { 200: productReviewsResponseSchema, ...failures(400, 404) },
      },
    },
    async (request) => reviews.productReviews(ctx, request.params.productId, request.query.pageNo),
  );
}
