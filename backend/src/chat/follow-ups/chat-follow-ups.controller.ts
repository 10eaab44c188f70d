import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ChatFollowUps } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { ReplyParams } from '../feedback/dto/reply-params.dto';
import { ChatFollowUpsService } from './chat-follow-ups.service';
import { ChatFollowUpsDoc } from './dto/chat-follow-ups.responses';

/** Follow-up suggestions under a reply. Needs a signed-in user. */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat/messages/:id/follow-ups')
@UseGuards(JwtAuthGuard)
export class ChatFollowUpsController {
  constructor(private readonly followUps: ChatFollowUpsService) {}

  /**
   * Made on the first request after the reply finished, then kept: with a model connected, one
   * small extra request that is never charged to the user; offline, related topics from the
   * advisor's sources.
   */
  @Get()
  @ApiOkResponse({
    type: ChatFollowUpsDoc,
    description:
      'Made once per finished reply and kept. [] while the reply is written, after Stop or a failure, and when the model could not make them this time (a later request tries again).',
  })
  @ApiValidationFailed("the message is the user's own, not a reply (CHAT_MESSAGE_NOT_REPLY).")
  @ApiErrorResponse(404, "No such message among the user's (CHAT_MESSAGE_NOT_FOUND).")
  async get(@CurrentUser() user: User, @Param() params: ReplyParams): Promise<ChatFollowUps> {
    return { followUps: await this.followUps.followUpsFor(user.id, params.id.toLowerCase()) };
  }
}
