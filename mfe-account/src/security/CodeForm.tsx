import { useState, type FormEvent } from 'react';
import { Box, Button, TextInput, useT } from '@kasa/ui';
import { twoFactorMessages } from './two-factor-messages';
import { isAcceptableCode, normaliseCode } from './two-factor-code';

/** One code field and its submit button; refuses a code of the wrong shape before sending it. */
export function CodeForm({
  allowBackup,
  submitLabel,
  pending,
  testId,
  submitTestId,
  onSubmit,
}: {
  allowBackup: boolean;
  submitLabel: string;
  pending: boolean;
  testId: string;
  submitTestId?: string;
  onSubmit: (code: string) => void;
}) {
  const t = useT(twoFactorMessages);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseCode(code);
    const ok = isAcceptableCode(normalised, allowBackup);
    setInvalid(!ok);
    if (ok) onSubmit(normalised);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      <TextInput
        label={t('code')}
        hint={
          invalid
            ? t(allowBackup ? 'anyCodeInvalid' : 'totpInvalid')
            : t(allowBackup ? 'anyCodeHint' : 'codeHint')
        }
        inputMode={allowBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={allowBackup ? 13 : 8}
        value={code}
        aria-invalid={invalid || undefined}
        onChange={(event) => setCode(event.target.value)}
        data-testid={testId}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={pending} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
