import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CHAT_FOLLOW_UPS_MAX, type ChatFollowUps } from '@kasa/contracts';
import { FOLLOW_UP_MAX_LENGTH } from '../parse-follow-ups';

@ApiSchema({ name: 'ChatFollowUps', description: 'Questions the user may ask next under a reply.' })
export class ChatFollowUpsDoc implements Required<ChatFollowUps> {
  @ApiProperty({
    type: [String],
    maxItems: CHAT_FOLLOW_UPS_MAX,
    description: `At most ${CHAT_FOLLOW_UPS_MAX}, each at most ${FOLLOW_UP_MAX_LENGTH} characters, in the language of the conversation; tapping one sends it. [] when there is nothing to suggest or the reply did not finish.`,
    example: ['How much fertiliser per hectare?', 'Which maize variety resists drought?'],
  })
  followUps: string[];
}
