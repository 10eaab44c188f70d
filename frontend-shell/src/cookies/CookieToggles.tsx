import { useId, type ChangeEvent } from 'react';
import { Box, useAppInfo, useT } from '@kasa/ui';
import { COOKIE_CATEGORIES, type CookieChoice } from './cookie-preferences-api';
import { cookieMessages } from './messages';

export interface CookieTogglesProps {
  value: CookieChoice;
  onChange: (next: CookieChoice) => void;
  disabled?: boolean;
  /** Test ids are `${testIdPrefix}-{category}`: the banner and the cookie page can be on screen together. */
  testIdPrefix: string;
}

// A native checkbox drawn as a switch: a few hundred bytes instead of MUI's Switch, and the
// browser keeps keyboard, label and screen-reader behaviour.
const switchSx = {
  appearance: 'none',
  WebkitAppearance: 'none',
  flexShrink: 0,
  m: 0,
  width: 44,
  height: 26,
  borderRadius: 13,
  border: '2px solid',
  borderColor: 'text.primary',
  bgcolor: 'background.paper',
  position: 'relative',
  cursor: 'pointer',
  '&::before': {
    content: '""',
    position: 'absolute',
    top: 2,
    left: 2,
    width: 18,
    height: 18,
    borderRadius: '50%',
    bgcolor: 'text.primary',
    transition: 'transform 0.15s',
  },
  '&:checked': { bgcolor: 'primary.main' },
  '&:checked::before': { transform: 'translateX(18px)', bgcolor: 'primary.contrastText' },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 2 },
} as const;

/** The four categories (docs/product.md#cookie-consent): necessary is locked on, the other three are the visitor's to choose. */
export function CookieToggles({ value, onChange, disabled = false, testIdPrefix }: CookieTogglesProps) {
  const t = useT(cookieMessages);
  const { appName } = useAppInfo();
  const baseId = useId();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {COOKIE_CATEGORIES.map((category) => {
        const locked = category === 'necessary';
        const id = `${baseId}-${category}`;
        return (
          <Box component="li" key={category} sx={{ borderBottom: '1px solid', borderColor: 'divider' }}>
            {/* The whole row is the label: a large touch target for the small switch. */}
            <Box
              component="label"
              htmlFor={id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                minHeight: 44,
                py: 1,
                cursor: locked ? 'default' : 'pointer',
              }}
            >
              <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
                <Box component="span" id={`${id}-name`} sx={{ fontWeight: 700 }}>
                  {t(category)}
                </Box>
                {locked && (
                  <Box component="span" sx={{ ml: 1, fontSize: '0.8rem', color: 'text.secondary' }}>
                    {t('alwaysOn')}
                  </Box>
                )}
                <Box
                  component="span"
                  id={`${id}-description`}
                  sx={{ display: 'block', fontSize: '0.85rem', color: 'text.secondary', lineHeight: 1.35 }}
                >
                  {t(`${category}Description`, { appName })}
                </Box>
              </Box>
              <Box
                component="input"
                type="checkbox"
                role="switch"
                id={id}
                data-testid={`${testIdPrefix}-${category}`}
                aria-labelledby={`${id}-name`}
                aria-describedby={`${id}-description`}
                checked={locked ? true : value[category]}
                disabled={locked || disabled}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  if (!locked) onChange({ ...value, [category]: event.target.checked, necessary: true });
                }}
                sx={switchSx}
              />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
