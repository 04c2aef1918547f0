import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@bazaar/shared';
import { OPS_COOKIE, SELLER_COOKIE, SESSION_COOKIE } from '../auth/session';

/** Where the browsable documentation lives; the OpenAPI document is at `${API_DOCS_PATH}/json` (and `/yaml`). */
export const API_DOCS_PATH = '/api/docs';

/**
 * The docs page runs Swagger UI's own scripts and styles, served from node_modules (no CDN), so its policy allows
 * this origin's scripts (the API's own `default-src 'none'` would block them) and nothing else: no inline script,
 * no framing, no other hosts. Swagger UI sets some styles inline and shows data: icons.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

const DESCRIPTION = `The API of Bazaar, an Indian fashion marketplace: the shopper's calls (paths as the shop's spec spells
them), the seller console's and the operators' console's.

Signed-in calls use the session cookie the sign-in call sets (\`${SESSION_COOKIE}\`, \`${SELLER_COOKIE}\` or \`${OPS_COOKIE}\`);
customer calls also accept \`Authorization: Bearer <token>\`. Changing calls with a cookie must come from the shop's
own origin.

Every failure answers \`{ "error": "<a sentence to show>", "code": "<ERROR_CODE>" }\`; branch on \`code\`, show
\`error\`. Codes: ${ERROR_CODES.map((code) => `\`${code}\``).join(', ')}.`;

/**
 * OpenAPI 3.1 generated from the routes' zod declarations, browsable at /api/docs. Register before any route, so
 * every route registered afterwards is documented.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Bazaar API', version: '1.0.0', description: DESCRIPTION },
        components: {
          securitySchemes: {
            customerCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            customerBearer: { type: 'http', scheme: 'bearer' },
            sellerCookie: { type: 'apiKey', in: 'cookie', name: SELLER_COOKIE },
            operatorCookie: { type: 'apiKey', in: 'cookie', name: OPS_COOKIE },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      staticCSP: DOCS_CSP,
      uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
    });
  },
  { name: 'bazaar-api-docs' },
);
