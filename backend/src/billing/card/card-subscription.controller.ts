import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { CancelSubscriptionResponse, CreateSubscriptionResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import type { User } from '../../users';
import { CardSubscriptionService } from './card-subscription.service';

/** Spec §7 'Subscription and payments': the card checkout and its cancellation (no bodies). */
@Controller('subscription')
@UseGuards(JwtAuthGuard)
export class CardSubscriptionController {
  constructor(private readonly cards: CardSubscriptionService) {}

  @Post('create')
  @HttpCode(200)
  create(@CurrentUser() user: User): Promise<CreateSubscriptionResponse> {
    return this.cards.create(user);
  }

  @Post('cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: User): Promise<CancelSubscriptionResponse> {
    return this.cards.cancel(user);
  }
}
