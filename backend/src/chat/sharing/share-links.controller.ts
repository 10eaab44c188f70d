import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ShareSummary } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { CreateShareDto, ShareParams } from './dto/shares.dto';
import { ShareSummaryDoc } from './dto/shares.responses';
import { SharesService } from './shares.service';

/** The owner's side of shared links: make one, list them, revoke one. Every route needs a signed-in user. */
@ApiTags('sharing')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('shares')
@UseGuards(JwtAuthGuard)
export class ShareLinksController {
  constructor(private readonly shares: SharesService) {}

  @Post()
  @ApiCreatedResponse({
    type: ShareSummaryDoc,
    description:
      'A snapshot of the messages the conversation shows now (up to upToMessageId), without replies still being written; later messages are not in it.',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(
    404,
    "CHAT_CONVERSATION_NOT_FOUND: not one of the user's conversations; CHAT_MESSAGE_NOT_FOUND: upToMessageId is not a message the conversation shows.",
  )
  create(@CurrentUser() user: User, @Body() body: CreateShareDto): Promise<ShareSummary> {
    return this.shares.create(user, body);
  }

  @Get()
  @ApiOkResponse({ type: [ShareSummaryDoc], description: "The user's links not revoked, newest first." })
  list(@CurrentUser() user: User): Promise<ShareSummary[]> {
    return this.shares.list(user);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Revoked: the link and its files are a 404 for everyone at once.',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "SHARE_NOT_FOUND: not one of the user's links, or already revoked.")
  async revoke(@CurrentUser() user: User, @Param() params: ShareParams): Promise<void> {
    await this.shares.revoke(user, params.id);
  }
}
