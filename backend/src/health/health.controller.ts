import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { HealthResponse } from '@kasa/contracts';
import { Admins, isLoopbackAddress, JwtAuthGuard } from '../auth';
import { HealthResponseDoc } from './dto/health.responses';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly session: JwtAuthGuard,
    private readonly admins: Admins,
  ) {}

  /**
   * 200 when the database and the queue both answer, 503 otherwise (same body either way), within
   * 5 s whatever is down (each check is bounded). The details go to a caller on this machine
   * (docker healthchecks, the operator) or an admin's token.
   */
  @Get()
  @ApiOkResponse({ type: HealthResponseDoc, description: 'The database and the job queue both answer.' })
  @ApiServiceUnavailableResponse({
    type: HealthResponseDoc,
    description: 'Something is down: see which part.',
  })
  async get(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthResponse> {
    const detailed = isLoopbackAddress(request.ip)
      ? true
      : this.session.optionalUser(request).then((user) => this.admins.isAdmin(user));
    const report = await this.health.check(detailed);
    response.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }
}
