// The language tool (loaded lazily from the plus menu): Translate, Dictionary, AI Analysis (the
// default tab) and Database, over the open dictionary of the languages of Cameroon and Nigeria.
// Each tab's "Add to chat" puts its result in the composer.
import { useState } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Box, useT } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import type { EnhancementDialogProps } from '../types';
import { AnalysisTab } from './AnalysisTab';
import { DatabaseTab } from './DatabaseTab';
import { DictionaryTab } from './DictionaryTab';
import { languageToolMessages } from './messages';
import { TranslateTab } from './TranslateTab';

const TABS = [
  { value: 'translate', label: 'tabTranslate' },
  { value: 'dictionary', label: 'tabDictionary' },
  { value: 'analysis', label: 'tabAnalysis' },
  { value: 'database', label: 'tabDatabase' },
] as const;
type TabName = (typeof TABS)[number]['value'];

export default function LanguageToolDialog({
  open,
  onClose,
  onComplete,
  conversationId,
}: EnhancementDialogProps) {
  const t = useT(languageToolMessages);
  const [tab, setTab] = useState<TabName>('analysis');
  // A tab's content mounts when first shown (the Database tab's statistics load then) and stays
  // mounted, so switching tabs keeps its fields and a running import's stream.
  const [seen, setSeen] = useState<ReadonlySet<TabName>>(() => new Set<TabName>(['analysis']));
  const add = (text: string) => onComplete({ kind: 'text', text });

  return (
    <DialogFrame open={open} onClose={onClose} title={t('title')} testId="language-tool-dialog">
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => {
          setTab(value);
          setSeen((current) => (current.has(value) ? current : new Set([...current, value])));
        }}
        aria-label={t('tabs')}
        // All four fit a 360 px phone: equal widths, a label may wrap onto two lines.
        variant="fullWidth"
        sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}
      >
        {TABS.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={t(item.label)}
            id={`language-tool-tab-${item.value}`}
            aria-controls={`language-tool-panel-${item.value}`}
            sx={{
              minHeight: 48,
              minWidth: 0,
              px: 0.5,
              textTransform: 'none',
              typography: 'body2',
              fontWeight: 700,
              lineHeight: 1.2,
              // The dialog breaks long words anywhere; a tab label breaks between words only.
              overflowWrap: 'normal',
              '&.Mui-selected': { color: 'text.primary' },
            }}
          />
        ))}
      </Tabs>
      {TABS.map((item) => (
        <Box
          key={item.value}
          role="tabpanel"
          id={`language-tool-panel-${item.value}`}
          aria-labelledby={`language-tool-tab-${item.value}`}
          hidden={tab !== item.value}
        >
          {seen.has(item.value) && item.value === 'translate' && <TranslateTab onAdd={add} />}
          {seen.has(item.value) && item.value === 'dictionary' && <DictionaryTab onAdd={add} />}
          {seen.has(item.value) && item.value === 'analysis' && (
            <AnalysisTab onAdd={add} conversationId={conversationId} />
          )}
          {seen.has(item.value) && item.value === 'database' && <DatabaseTab onAdd={add} />}
        </Box>
      ))}
    </DialogFrame>
  );
}
