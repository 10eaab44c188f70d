import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PlansResponse, SubscriptionStatus } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth';
import { ApiOtherErrors, ApiSignedIn } from '../docs';
import { PlansResponseDoc, SubscriptionStatusDoc } from './dto/subscription-status.responses';
import type { User } from '../users';
import { UsageService } from './usage.service';

/** GET /api/subscription/status, and the public plan table the pricing page renders. */
@ApiTags('subscription')
@ApiOtherErrors()
@Controller('subscription')
export class SubscriptionStatusController {
  constructor(private readonly usage: UsageService) {}

  @Get('status')
  @UseGuards(JwtAuthGuard)
  @Header('Cache-Control', 'no-store')
  @ApiSignedIn()
  @ApiOkResponse({ type: SubscriptionStatusDoc })
  status(@CurrentUser() user: User): Promise<SubscriptionStatus> {
    return this.usage.status(user.id);
  }

  /** The same for everyone and changed only by a migration: caches may keep it 5 minutes. */
  @Get('plans')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ type: PlansResponseDoc, description: 'Public: no sign-in needed.' })
  plans(): Promise<PlansResponse> {
    return this.usage.plansOffered();
  }
}
