import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ChatModelsResponse } from '@kasa/contracts';
import { Admins, CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiOtherErrors, ApiSignedIn } from '../../docs';
import type { User } from '../../users';
import { ChatModelsService } from './chat-models.service';
import { ChatModelsResponseDoc } from './dto/chat-models.responses';

/**
 * GET /api/chat/models: the models the composer's picker offers, with what this user's plan
 * allows, and whether the chat answers without an AI model (the notice above the input).
 */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatModelsController {
  constructor(
    private readonly models: ChatModelsService,
    private readonly admins: Admins,
  ) {}

  @Get('models')
  // `allowed` follows the user's plan, which a payment changes at any moment.
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ChatModelsResponseDoc })
  list(@CurrentUser() user: User): Promise<ChatModelsResponse> {
    return this.models.list(user, this.admins.isAdmin(user));
  }
}
