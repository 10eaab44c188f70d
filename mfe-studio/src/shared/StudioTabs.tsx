import { useRef, type KeyboardEvent } from 'react';
import { Box, ButtonBase, useT } from '@kasa/ui';
import { messages } from '../messages';

export const STUDIO_TABS = ['overview', 'media', 'voice'] as const;
export type StudioTab = (typeof STUDIO_TABS)[number];

const LABELS = { overview: 'overviewTab', media: 'mediaTab', voice: 'voiceTab' } as const;

/** The three tabs (WAI-ARIA tabs: arrow keys move between them), full width on a phone. */
export function StudioTabs({
  current,
  onChange,
  onIntent,
}: {
  current: StudioTab;
  onChange: (tab: StudioTab) => void;
  /** A finger or pointer is on a tab, or it has the focus: its panel's code can start loading. */
  onIntent?: (tab: StudioTab) => void;
}) {
  const t = useT(messages);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = (STUDIO_TABS.indexOf(current) + step + STUDIO_TABS.length) % STUDIO_TABS.length;
    onChange(STUDIO_TABS[index]);
    buttons.current[index]?.focus();
  };

  return (
    <Box
      role="tablist"
      aria-label={t('tabs')}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', borderBottom: '1px solid', borderColor: 'divider' }}
    >
      {STUDIO_TABS.map((tab, index) => {
        const selected = tab === current;
        return (
          <ButtonBase
            key={tab}
            ref={(element: HTMLButtonElement | null) => {
              buttons.current[index] = element;
            }}
            role="tab"
            id={`studio-tab-${tab}`}
            aria-selected={selected}
            aria-controls={`studio-panel-${tab}`}
            tabIndex={selected ? 0 : -1}
            data-testid={`studio-tab-${tab}`}
            onClick={() => onChange(tab)}
            onPointerEnter={() => onIntent?.(tab)}
            onPointerDown={() => onIntent?.(tab)}
            onFocus={() => onIntent?.(tab)}
            sx={{
              flex: 1,
              minHeight: 48,
              px: 1,
              font: 'inherit',
              fontWeight: selected ? 800 : 500,
              borderBottom: '3px solid',
              borderColor: selected ? 'ink' : 'transparent',
              color: selected ? 'text.primary' : 'text.secondary',
            }}
          >
            {t(LABELS[tab])}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
