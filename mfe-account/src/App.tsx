import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { Box, PageFrame, useT } from '@kasa/ui';
import { FarmTab } from './farm/FarmTab';
import { messages } from './messages';
import { OverviewTab } from './overview/OverviewTab';
import { PreferencesTab } from './preferences/PreferencesTab';
import { ProfileTab } from './profile/ProfileTab';
import { SecurityTab } from './security/SecurityTab';
import { SharedLinksTab } from './shared-links/SharedLinksTab';
import { SubscriptionTab } from './subscription/SubscriptionTab';
import { ACCOUNT_TABS, parseTab, type AccountTab } from './shared/tabs';

/**
 * At 360 px the tab row scrolls. MUI animates that scroll after each selection, and a tap landing
 * during the animation hits the tab that slid under the finger (the e2e run caught it): the row jumps.
 */
const withoutTabScrollAnimation = (outer: Theme): Theme => ({
  ...outer,
  motion: { ...outer.motion, reducedMotion: 'always' },
});

const PANELS: Record<AccountTab, ComponentType> = {
  overview: OverviewTab,
  profile: ProfileTab,
  farm: FarmTab,
  subscription: SubscriptionTab,
  security: SecurityTab,
  preferences: PreferencesTab,
  'shared-links': SharedLinksTab,
};

/**
 * The account page (/account, docs/product.md#account-page): seven tabs. Only the selected tab is
 * rendered, so only its data is fetched.
 */
export default function AccountApp() {
  const t = useT(messages);
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const Panel = PANELS[tab];
  const select = (next: AccountTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <PageFrame title={t('title')} testId="account-page">
      <ThemeProvider theme={withoutTabScrollAnimation}>
        <Tabs
          value={tab}
          onChange={(_event, next: AccountTab) => select(next)}
          variant="scrollable"
          // A phone shows some of the tabs: the arrows say there are more, and reach them.
          scrollButtons="auto"
          allowScrollButtonsMobile
          // The accent yellow is unreadable as text on white: the selected tab is marked in the text colour.
          textColor="inherit"
          aria-label={t('tabsLabel')}
          sx={{
            mb: 2,
            borderBottom: 1,
            borderColor: 'divider',
            minHeight: 48,
            '& .MuiTabs-indicator': { bgcolor: 'text.primary', height: 3 },
            // Narrower than MUI's 40 px: a 320 px phone keeps room for the tabs themselves.
            '& .MuiTabs-scrollButtons': { width: 32 },
          }}
        >
          {ACCOUNT_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(name)}
              id={`account-tab-${name}`}
              aria-controls={`account-panel-${name}`}
              data-testid={`account-tab-${name}`}
              sx={{ textTransform: 'none', fontWeight: 700, minWidth: 0, px: 1.5 }}
            />
          ))}
        </Tabs>
      </ThemeProvider>
      <Box
        role="tabpanel"
        id={`account-panel-${tab}`}
        aria-labelledby={`account-tab-${tab}`}
        data-testid={`account-panel-${tab}`}
      >
        <Panel />
      </Box>
    </PageFrame>
  );
}
