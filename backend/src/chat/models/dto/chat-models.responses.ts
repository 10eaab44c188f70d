import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  type ChatModelOption,
  type ChatModelsResponse,
  type ChatOfflineAdvisor,
  PLAN_IDS,
  type PlanId,
} from '@kasa/contracts';
import { ApiErrorResponse } from '../../../docs';

@ApiSchema({ name: 'ChatModelOption', description: 'A chat model this server offers.' })
export class ChatModelOptionDoc implements ChatModelOption {
  @ApiProperty({
    type: String,
    example: 'llama3.2:3b',
    description: "The provider's name of the model: what SendChatRequest.model takes.",
  })
  id: string;

  @ApiProperty({ type: String, example: 'Fast', description: 'What the picker shows.' })
  name: string;

  @ApiProperty({
    enum: PLAN_IDS,
    enumName: 'PlanId',
    isArray: true,
    description: 'The plans that may use it.',
  })
  plans: PlanId[];

  @ApiProperty({ type: Boolean, description: "The signed-in user's plan may use it." })
  allowed: boolean;
}

@ApiSchema({
  name: 'ChatOfflineAdvisor',
  description:
    "No AI model is connected: the offline advisor answers from the app's own pages and the user's saved content.",
})
export class ChatOfflineAdvisorDoc implements ChatOfflineAdvisor {
  @ApiProperty({
    type: [String],
    required: false,
    example: ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CHAT_MODEL'],
    description:
      'The server settings that connect a model (README, "AI providers"). Administrators (ADMIN_USERNAMES) only.',
  })
  configure?: string[];
}

@ApiSchema({
  name: 'ChatModelsResponse',
  description:
    "The chat models in the operator's order, and the default (what Basic users and new conversations get). One model: the composer shows no picker.",
})
export class ChatModelsResponseDoc implements ChatModelsResponse {
  @ApiProperty({ type: [ChatModelOptionDoc] })
  models: ChatModelOption[];

  @ApiProperty({ type: String, example: 'llama3.2:3b', description: 'The id of the default model.' })
  defaultModel: string;

  @ApiProperty({
    type: ChatOfflineAdvisorDoc,
    required: false,
    description: 'Present when no AI model is connected: the chat shows a notice.',
  })
  offline?: ChatOfflineAdvisor;
}

/**
 * For the routes that take a `model` (send, regenerate): the words of their 400 (pass to
 * `ApiValidationFailed`, which holds the route's one 400) ...
 */
export const CHAT_MODEL_UNKNOWN_WHEN = '`model` is no configured chat model (CHAT_MODEL_UNKNOWN).';

/** ... and their 403 (nothing was charged or stored). */
export function ApiChatModelNotAllowed(): MethodDecorator & ClassDecorator {
  return ApiErrorResponse(
    403,
    "CHAT_MODEL_NOT_ALLOWED: the user's plan may not use `model` (GET /api/chat/models: `allowed`); nothing was charged or stored.",
  );
}
