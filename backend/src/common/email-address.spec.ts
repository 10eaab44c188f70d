import { validate } from 'class-validator';
import { IsEmailAddress, isEmailAddress } from './email-address';

class Contact {
  @IsEmailAddress({ message: 'bad e-mail' })
  email: unknown;
}

const contact = (email: unknown) => Object.assign(new Contact(), { email });

describe('isEmailAddress', () => {
  it.each(['ama@example.com', 'zoë@exämple.com', 'first.last+tag@sub.example.org'])('accepts %s', (email) =>
    expect(isEmailAddress(email)).toBe(true),
  );

  it.each([
    ['a lone high surrogate', 'a\ud800@example.com'],
    ['a lone low surrogate', 'a\udc00b@example.com'],
    ['a NUL byte', 'ama\u0000@example.com'],
    ['no @', 'ama.example.com'],
    ['a number', 42],
    ['null', null],
  ])('refuses %s without throwing (validator.js throws URIError on surrogates)', (_label, email) =>
    expect(isEmailAddress(email)).toBe(false),
  );

  it('as a decorator, a lone surrogate is an ordinary validation failure', async () => {
    const errors = await validate(contact('\ud83dama@example.com'));
    expect(errors.map((e) => e.constraints)).toEqual([{ isEmailAddress: 'bad e-mail' }]);
    expect(await validate(contact('ama@example.com'))).toEqual([]);
  });
});
