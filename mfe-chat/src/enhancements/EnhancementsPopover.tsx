// The plus button's menu (loaded on first use): one item per tool, each opening its dialog.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useT } from '@kasa/ui';
import { MENU_ITEMS, type EnhancementName } from './menu-items';
import { enhancementMessages } from './messages';

export interface EnhancementsPopoverProps {
  anchor: HTMLElement | null;
  menuId: string;
  onPick: (name: EnhancementName) => void;
  onClose: () => void;
}

export default function EnhancementsPopover({ anchor, menuId, onPick, onClose }: EnhancementsPopoverProps) {
  const t = useT(enhancementMessages);
  return (
    <Menu
      id={menuId}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ list: { 'aria-label': t('enhancements') } }}
    >
      {MENU_ITEMS.map((item) => (
        <MenuItem
          key={item.name}
          data-testid={`enhancement-${item.name}`}
          onClick={() => onPick(item.name)}
          sx={{ minHeight: 48, fontSize: '1rem' }}
        >
          {t(item.label)}
        </MenuItem>
      ))}
    </Menu>
  );
}
