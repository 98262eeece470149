import { Controller, Get, Header, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Routes } from '@rampquote/contracts';
import { OpenApiService } from './openapi.service';

const SWAGGER_UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>RampQuote API</title>
<link rel="stylesheet" href="${Routes.docs.ui}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${Routes.docs.ui}/swagger-ui-bundle.js"></script>
<script src="${Routes.docs.ui}/swagger-initializer.js"></script>
</body>
</html>
`;

// A file, not an inline script: the site's Content Security Policy (script-src 'self') stays as it is.
const SWAGGER_INITIALIZER = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(Routes.docs.document)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

/** The folder of the installed swagger-ui-dist package. */
const swaggerUiDir = (): string => dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * GET /api/docs: Swagger UI (from swagger-ui-dist, served by the gateway with the site's security headers);
 * GET /api/docs/openapi.json: the merged OpenAPI document. No session (route policy `none`).
 */
@Controller()
export class OpenApiController {
  private readonly files = new Map<string, Buffer>();

  constructor(private readonly openApi: OpenApiService) {}

  @Get(Routes.docs.ui)
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-cache')
  page(): string {
    return SWAGGER_UI_PAGE;
  }

  @Get(Routes.docs.document)
  @Header('cache-control', 'no-cache')
  document() {
    return this.openApi.document();
  }

  @Get(`${Routes.docs.ui}/swagger-initializer.js`)
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'no-cache')
  initializer(): string {
    return SWAGGER_INITIALIZER;
  }

  @Get([`${Routes.docs.ui}/swagger-ui.css`, `${Routes.docs.ui}/swagger-ui-bundle.js`])
  asset(@Res() res: Response): void {
    const name = res.req.path.slice(Routes.docs.ui.length + 1).toLowerCase();
    const asset = ASSETS[name];
    if (!asset) throw new NotFoundException({ error: 'Not found' });
    let content = this.files.get(name);
    if (!content) {
      content = readFileSync(join(swaggerUiDir(), asset.file));
      this.files.set(name, content);
    }
    res.setHeader('content-type', asset.type);
    res.setHeader('cache-control', 'public, max-age=3600');
    res.end(content);
  }
}
