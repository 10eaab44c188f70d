import { ImageModelError } from '../../ai/images/image-model.port';
import { imageEngineFailure } from './image-engine-failure';

const failure = (kind: ImageModelError['kind'], code: ImageModelError['code'] = 'AI_UNAVAILABLE') =>
  imageEngineFailure(new ImageModelError({ code, message: 'The words users read.' }, kind));

describe('imageEngineFailure', () => {
  it("keeps the engine's code and words", () => {
    const error = failure('bad_request', 'AI_PROMPT_REFUSED');
    expect(error.getStatus()).toBe(422);
    expect(error.getResponse()).toMatchObject({
      code: 'AI_PROMPT_REFUSED',
      message: 'The words users read.',
    });
  });

  it('never answers 429 for a busy provider: that status means the usage limit to the UI', () => {
    expect(failure('rate_limited', 'AI_BUSY').getStatus()).toBe(503);
  });

  it.each([
    ['unavailable', 502],
    ['unauthorized', 502],
    ['timeout', 504],
  ] as const)('answers a %s failure with %i', (kind, status) => {
    expect(failure(kind).getStatus()).toBe(status);
  });
});
