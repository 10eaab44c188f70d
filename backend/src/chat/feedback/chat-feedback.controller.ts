import { Body, Controller, Delete, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ChatFeedback } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { ChatFeedbackService } from './chat-feedback.service';
import { ChatFeedbackDto } from './dto/chat-feedback.dto';
import { ChatFeedbackDoc } from './dto/chat-feedback.responses';
import { ReplyParams } from './dto/reply-params.dto';

const NOT_FOUND = "No such message among the user's (CHAT_MESSAGE_NOT_FOUND).";
const NOT_REPLY = "the message is the user's own, not a reply (CHAT_MESSAGE_NOT_REPLY).";

/** Thumbs up or down on a reply version. Every route needs a signed-in user. */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat/messages/:id/feedback')
@UseGuards(JwtAuthGuard)
export class ChatFeedbackController {
  constructor(private readonly feedback: ChatFeedbackService) {}

  @Put()
  @ApiOkResponse({
    type: ChatFeedbackDoc,
    description: 'Given, or replaced when the user had rated this version before.',
  })
  @ApiValidationFailed(NOT_REPLY)
  @ApiErrorResponse(404, NOT_FOUND)
  rate(
    @CurrentUser() user: User,
    @Param() params: ReplyParams,
    @Body() body: ChatFeedbackDto,
  ): Promise<ChatFeedback> {
    return this.feedback.rate(user.id, params.id.toLowerCase(), body);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Taken back (also when there was none).' })
  @ApiValidationFailed(NOT_REPLY)
  @ApiErrorResponse(404, NOT_FOUND)
  async remove(@CurrentUser() user: User, @Param() params: ReplyParams): Promise<void> {
    await this.feedback.remove(user.id, params.id.toLowerCase());
  }
}
