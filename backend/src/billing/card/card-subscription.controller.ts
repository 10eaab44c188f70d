import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CancelSubscriptionResponse, CreateSubscriptionResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn } from '../../docs';
import { CancelSubscriptionResponseDoc, CreateSubscriptionResponseDoc } from '../dto/subscription.responses';
import type { User } from '../../users';
import { CardSubscriptionService } from './card-subscription.service';

/** The card checkout and its cancellation, without bodies (docs/product.md#checkout). */
@ApiTags('subscription')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('subscription')
@UseGuards(JwtAuthGuard)
export class CardSubscriptionController {
  constructor(private readonly cards: CardSubscriptionService) {}

  @Post('create')
  @HttpCode(200)
  @ApiOkResponse({ type: CreateSubscriptionResponseDoc, description: 'Starts the card checkout (no body).' })
  @ApiErrorResponse(502, 'The card provider refused the checkout or could not be reached.')
  @ApiErrorResponse(503, 'The card provider is busy: try again shortly.')
  create(@CurrentUser() user: User): Promise<CreateSubscriptionResponse> {
    return this.cards.create(user);
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOkResponse({
    type: CancelSubscriptionResponseDoc,
    description: 'Pro stays until currentPeriodEnd (no body).',
  })
  @ApiErrorResponse(404, 'The user has no active card subscription.')
  @ApiErrorResponse(409, 'The subscription is already cancelled.')
  @ApiErrorResponse(502, 'The card provider refused the cancellation or could not be reached.')
  @ApiErrorResponse(
    503,
    'The card provider is busy, or the one that took this subscription is not configured now.',
  )
  cancel(@CurrentUser() user: User): Promise<CancelSubscriptionResponse> {
    return this.cards.cancel(user);
  }
}
