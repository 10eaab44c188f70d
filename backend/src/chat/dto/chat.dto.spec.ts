import { CHAT_MESSAGE_MAX_LENGTH, CHAT_TITLE_MAX_LENGTH } from '@kasa/contracts';
import { createValidationPipe } from '../../common/validation.pipe';
import {
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  RenameConversationDto,
  SEARCH_QUERY_RULE,
  SearchChatQuery,
  SendChatDto,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
} from './chat.dto';

async function firstProblem(metatype: new () => object, value: unknown, type: 'body' | 'query' = 'body') {
  const error = await createValidationPipe()
    .transform(value, { type, metatype })
    .then(() => null)
    .catch((e: { getResponse(): { message: string } }) => e.getResponse().message);
  return error;
}

describe('chat DTOs: the real problem comes first', () => {
  it.each([[{}], [5], [[]], [null], [true], ['  '], [undefined]])('message %j: %s', async (message) => {
    expect(await firstProblem(SendChatDto, { message })).toBe(MESSAGE_REQUIRED);
  });

  it('a message too long is told so, a good one passes trimmed', async () => {
    expect(await firstProblem(SendChatDto, { message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) })).toBe(
      MESSAGE_TOO_LONG,
    );
    expect(
      await createValidationPipe().transform({ message: '  hi  ' }, { type: 'body', metatype: SendChatDto }),
    ).toEqual({
      message: 'hi',
    });
  });

  it('the same order for a title and a search', async () => {
    expect(await firstProblem(RenameConversationDto, { title: { a: 1 } })).toBe(TITLE_REQUIRED);
    expect(await firstProblem(RenameConversationDto, { title: 't'.repeat(CHAT_TITLE_MAX_LENGTH + 1) })).toBe(
      TITLE_TOO_LONG,
    );
    expect(await firstProblem(SearchChatQuery, { q: ['a', 'b'] }, 'query')).toBe(SEARCH_QUERY_RULE);
  });
});
