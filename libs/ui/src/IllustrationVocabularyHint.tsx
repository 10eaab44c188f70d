import Box from '@mui/material/Box';
import { useErrorText } from './error-text';
import { defineMessages, useT } from './i18n';

/** The code of an image request the offline illustrations cannot draw (backend ai/images/offline/). */
export const PROMPT_NOT_ILLUSTRATABLE = 'IMAGE_PROMPT_NOT_ILLUSTRATABLE';

const hintMessages = defineMessages({
  en: {
    examples: 'For example: "goats in the rain", "a maize field at sunset", "a farmer with a tractor".',
  },
  fr: {
    examples:
      'Par exemple : « des chèvres sous la pluie », « un champ de maïs au coucher du soleil », « un agriculteur avec un tracteur ».',
  },
});

/** True for the failure of a prompt none of whose words the offline illustrations can draw. */
export function isPromptNotIllustratable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const value = error as { code?: unknown; body?: { code?: unknown } | null };
  return value.code === PROMPT_NOT_ILLUSTRATABLE || value.body?.code === PROMPT_NOT_ILLUSTRATABLE;
}

/**
 * Under an image prompt, after the offline illustrations refused it: what they can draw (crops,
 * animals, tools, weather) and prompts that work, in place (a toast goes away before a farmer has
 * rewritten the prompt). Nothing for any other failure.
 */
export function IllustrationVocabularyHint({ error }: { error: unknown }) {
  const t = useT(hintMessages);
  const refused = isPromptNotIllustratable(error);
  const errorText = useErrorText(refused ? error : undefined);
  if (!refused) return null;
  return (
    <Box
      role="status"
      data-testid="illustration-hint"
      sx={{
        mt: 1,
        p: 1.5,
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'divider',
        fontSize: '0.95rem',
      }}
    >
      <Box component="p" sx={{ m: 0 }}>
        {errorText(error)}
      </Box>
      <Box component="p" sx={{ m: 0, mt: 0.5, color: 'text.secondary' }}>
        {t('examples')}
      </Box>
    </Box>
  );
}
