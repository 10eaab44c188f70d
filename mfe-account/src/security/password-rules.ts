/** The new-password rule the server applies too (docs/product.md#validation: at least 6 characters). */
export const MIN_PASSWORD_LENGTH = 6;

export type PasswordProblem = 'currentRequired' | 'passwordTooShort' | 'passwordsDontMatch';

/** What is wrong with the change-password form before anything is sent, or null. */
export function passwordProblem(current: string, next: string, confirm: string): PasswordProblem | null {
  if (!current) return 'currentRequired';
  if (next.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  if (next !== confirm) return 'passwordsDontMatch';
  return null;
}
