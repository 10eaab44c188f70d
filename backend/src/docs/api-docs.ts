import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { createOpenApiDocument } from './openapi';

/** Where Swagger UI and the JSON document are served (outside production only). */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_JSON_PATH = '/api/docs/openapi.json';

/**
 * Serves Swagger UI at /api/docs and the document at /api/docs/openapi.json. Built on the first
 * request, not at start: starting the API stays as fast as without it.
 */
export function useApiDocs(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Kasa API',
    // No call to swagger.io's online validator: the page stays within the API's strict CSP.
    swaggerOptions: { validatorUrl: null },
  });
}
