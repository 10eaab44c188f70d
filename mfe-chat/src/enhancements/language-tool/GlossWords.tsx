// A word-by-word gloss, interlinear: each word of the text under the dictionary's form for it. A
// word the dictionary lacks shows a dash and says so; it is never written back as if it were
// output (docs/product.md, Language tool).
import { GLOSS_UNKNOWN_WORD, type GlossWord } from '@kasa/contracts';
import { Box, useT } from '@kasa/ui';
import { languageToolMessages } from './messages';

export function GlossWords({ words, language }: { words: GlossWord[]; language: string }) {
  const t = useT(languageToolMessages);
  return (
    <Box
      component="ol"
      data-testid="gloss"
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
    >
      {words.map((item, i) => (
        <Box
          component="li"
          key={`${i}-${item.word}`}
          data-testid={item.gloss === null ? 'gloss-unknown' : 'gloss-known'}
          sx={{ display: 'grid', justifyItems: 'start' }}
        >
          {item.gloss === null ? (
            <Box component="span" aria-hidden="true" sx={{ fontSize: '1.2rem', color: 'text.secondary' }}>
              {GLOSS_UNKNOWN_WORD}
            </Box>
          ) : (
            <Box component="span" lang={language} sx={{ fontSize: '1.2rem', fontWeight: 700 }}>
              {item.gloss}
            </Box>
          )}
          <Box component="small" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {item.word}
            {item.gloss === null && <> ({t('glossUnknownWord')})</>}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
