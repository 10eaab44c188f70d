// Empty chat: the welcome panel greeting the assistant by name, and the suggestions strip (the first
// 5 tips by priority, More shows all 13, Less folds back) with its footer hint.
import { useId, useMemo, useState } from 'react';
import { Box, Button, ButtonBase, useAppInfo, useLanguage, useT } from '@kasa/ui';
import { messages } from '../messages';
import { starterTips, TIPS_SHOWN_FIRST, type StarterTip } from '../tips';

export function SuggestionsStrip({ onPick }: { onPick: (tip: StarterTip) => void }) {
  const t = useT(messages);
  const { language } = useLanguage();
  const tips = useMemo(() => starterTips(language), [language]);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hintId = useId();
  const shown = expanded ? tips : tips.slice(0, TIPS_SHOWN_FIRST);
  return (
    <Box component="section" aria-label={t('suggestions')} data-testid="suggestions">
      <Box
        component="ul"
        id={listId}
        aria-describedby={hintId}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {shown.map((tip) => (
          <li key={tip.id}>
            <ButtonBase
              data-testid="tip"
              data-tip-id={tip.id}
              onClick={() => onPick(tip)}
              sx={{
                width: '100%',
                minHeight: 44,
                p: 1.5,
                display: 'block',
                textAlign: 'left',
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'background.paper',
                '&:hover': { borderColor: 'text.primary' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary' },
              }}
            >
              <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                {tip.title}
              </Box>
              <Box component="span" sx={{ display: 'block', fontSize: '0.875rem', color: 'text.secondary' }}>
                {tip.description}
              </Box>
              <Box
                component="span"
                sx={{
                  display: 'block',
                  mt: 0.5,
                  fontSize: '0.75rem',
                  color: 'text.secondary',
                  fontWeight: 600,
                }}
              >
                {t(`category_${tip.category}`)}
              </Box>
            </ButtonBase>
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
        <Box
          component="p"
          id={hintId}
          data-testid="suggestions-hint"
          sx={{ m: 0, fontSize: '0.875rem', color: 'text.secondary' }}
        >
          {t('suggestionsHint')}
        </Box>
        <Button
          variant="text"
          color="inherit"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
          sx={{ flexShrink: 0, fontWeight: 700 }}
        >
          {expanded ? t('less') : t('more')}
        </Button>
      </Box>
    </Box>
  );
}

export function WelcomePanel({ onPick }: { onPick: (tip: StarterTip) => void }) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  return (
    <Box sx={{ py: 2 }}>
      <Box
        component="section"
        data-testid="chat-welcome"
        sx={{ p: 2.5, mb: 2, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Box component="h2" sx={{ m: 0, mb: 1, fontSize: '1.3rem', fontWeight: 800 }}>
          {t('welcomeTitle', { assistantName })}
        </Box>
        <Box component="p" sx={{ m: 0 }}>
          {t('welcomeText')}
        </Box>
      </Box>
      <SuggestionsStrip onPick={onPick} />
    </Box>
  );
}
