import { IsOptional } from 'class-validator';
import { createValidationPipe } from '../validation.pipe';
import { CONVERSATION_ID_INVALID, IsConversationId } from './conversation-id';

class Body {
  @IsOptional()
  @IsConversationId()
  conversationId?: string;
}

function validate(value: unknown): Promise<unknown> {
  return createValidationPipe()
    .transform(value, { type: 'body', metatype: Body })
    .catch((error: { getResponse(): unknown }) => error.getResponse());
}

describe('IsConversationId', () => {
  it('accepts a UUID of any version, in either case', async () => {
    const id = '0f8FAD5b-d9cb-469f-a165-70867728950e';
    await expect(validate({ conversationId: id })).resolves.toMatchObject({ conversationId: id });
    const v1 = 'c232ab00-9414-11ec-b3c8-9f6bdeced846';
    await expect(validate({ conversationId: v1 })).resolves.toMatchObject({ conversationId: v1 });
  });

  it.each(['not-a-uuid', '', 42, '0f8fad5b-d9cb-469f-a165-70867728950'])(
    'refuses %p with its own message',
    async (conversationId) => {
      await expect(validate({ conversationId })).resolves.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: CONVERSATION_ID_INVALID,
        details: [CONVERSATION_ID_INVALID],
      });
    },
  );
});
