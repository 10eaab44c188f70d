// The model picker's menu (loaded on first use). A model of a higher plan stays focusable and
// readable (aria-disabled, not removed): it says it comes with Pro and opens the payment options.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ChatModelOption } from '@kasa/contracts';
import { Badge, Box, useT } from '@kasa/ui';
import { CheckIcon } from './model-icons';
import { modelMessages } from './model-messages';

export interface ModelMenuProps {
  anchor: HTMLElement | null;
  menuId: string;
  options: readonly ChatModelOption[];
  currentId: string;
  onChoose: (modelId: string) => void;
  onUpgrade: () => void;
  onClose: () => void;
}

export default function ModelMenu({
  anchor,
  menuId,
  options,
  currentId,
  onChoose,
  onUpgrade,
  onClose,
}: ModelMenuProps) {
  const t = useT(modelMessages);
  return (
    <Menu
      id={menuId}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        list: { 'aria-label': t('modelMenu') },
        paper: { sx: { maxWidth: 'calc(100vw - 16px)' } },
      }}
    >
      {options.map((option) => {
        const selected = option.id === currentId;
        return (
          <MenuItem
            key={option.id}
            role="menuitemradio"
            aria-checked={selected}
            aria-disabled={option.allowed ? undefined : true}
            data-testid="model-option"
            data-model-id={option.id}
            selected={selected}
            onClick={() => (option.allowed ? onChoose(option.id) : onUpgrade())}
            sx={{ minHeight: 48, gap: 1, alignItems: 'center', whiteSpace: 'normal' }}
          >
            <Box component="span" sx={{ width: 18, display: 'inline-flex', flexShrink: 0 }}>
              {selected && <CheckIcon />}
            </Box>
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 }}>
              <Box
                component="span"
                sx={{ fontSize: '1rem', color: option.allowed ? 'text.primary' : 'text.disabled' }}
              >
                {option.name}
              </Box>
              {!option.allowed && (
                <Box component="span" sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>
                  {t('proHint')}
                </Box>
              )}
            </Box>
            {!option.allowed && (
              <Badge size="small" testId="model-pro-badge">
                {t('proBadge')}
              </Badge>
            )}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
