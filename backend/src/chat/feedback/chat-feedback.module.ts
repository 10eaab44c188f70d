import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { ChatFeedbackController } from './chat-feedback.controller';
import { ChatFeedbackRepository } from './chat-feedback.repository';
import { ChatFeedbackService } from './chat-feedback.service';

/** Feedback on replies; ChatFeedbackService.feedbackFor lets the conversation show the user's own. */
@Module({
  imports: [AuthModule],
  controllers: [ChatFeedbackController],
  providers: [ChatFeedbackRepository, ChatFeedbackService],
  exports: [ChatFeedbackService],
})
export class ChatFeedbackModule {}
