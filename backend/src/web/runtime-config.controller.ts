import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { RuntimeConfig } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import { RuntimeConfigDoc } from './dto/runtime-config.responses';
import { runtimeConfigOf } from './runtime-config';

/** GET /runtime-config.json (outside /api): what the shell reads before mounting any remote. */
@ApiTags('web')
@Controller()
export class RuntimeConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('runtime-config.json')
  @Header('Cache-Control', 'no-cache')
  @ApiOkResponse({ type: RuntimeConfigDoc })
  get(): RuntimeConfig {
    return runtimeConfigOf(this.config);
  }
}
