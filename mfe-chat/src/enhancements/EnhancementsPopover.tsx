// The plus button's menu (loaded on first use): one item per tool, each opening its dialog.
// Not MUI's Menu: its first opening (Popover, Modal, focus trap, transition and their styles, all
// made on the tap) kept a 4×-slowed phone busy for 0.6–1.4 s (bench/interactions). The menu
// pattern in a few lines, like conversation/actions/ActionMenu.tsx: the first item takes the
// focus, arrows (and Home / End) move round the items, Escape or a tap outside closes it and the
// focus goes back to the button, Tab closes it. It opens above the button (the composer is at the
// bottom of the screen).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, ButtonBase, useAppInfo, useT } from '@kasa/ui';
import { MENU_ITEM_FEATURES, MENU_ITEMS, type EnhancementName } from './menu-items';
import { enhancementMessages } from './messages';
import { useLatest } from '../shared/hooks/useLatest';

export interface EnhancementsPopoverProps {
  /** The plus button while the menu is open; null: closed. */
  anchor: HTMLElement | null;
  menuId: string;
  onPick: (name: EnhancementName) => void;
  onClose: () => void;
}

const GAP_PX = 4;

interface Place {
  left: number;
  bottom: number;
}

function placeAbove(anchor: HTMLElement): Place {
  const rect = anchor.getBoundingClientRect();
  return { left: Math.max(8, rect.left), bottom: Math.max(8, window.innerHeight - rect.top + GAP_PX) };
}

export default function EnhancementsPopover({ anchor, menuId, onPick, onClose }: EnhancementsPopoverProps) {
  const t = useT(enhancementMessages);
  const { features } = useAppInfo();
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const open = Boolean(anchor);
  const placed = place !== null;
  const onCloseRef = useLatest(onClose);

  useLayoutEffect(() => {
    setPlace(anchor ? placeAbove(anchor) : null);
  }, [anchor]);

  useEffect(() => {
    if (!anchor || !placed) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) onCloseRef.current();
    };
    const moved = () => setPlace(placeAbove(anchor));
    document.addEventListener('pointerdown', outside);
    window.addEventListener('resize', moved);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('resize', moved);
    };
  }, [anchor, placed, onCloseRef]);

  if (!open || !place) return null;

  const close = () => {
    onClose();
    anchor?.focus();
  };

  return (
    <Box
      ref={menu}
      id={menuId}
      role="menu"
      aria-label={t('enhancements')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
          return;
        }
        if (event.key === 'Tab') {
          onClose();
          return;
        }
        const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const at = items.indexOf(document.activeElement as HTMLElement);
        const next =
          event.key === 'ArrowDown'
            ? (at + 1) % items.length
            : event.key === 'ArrowUp'
              ? (at - 1 + items.length) % items.length
              : event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? items.length - 1
                  : -1;
        if (next < 0) return;
        event.preventDefault();
        items[next]?.focus();
      }}
      sx={{
        position: 'fixed',
        zIndex: 1300,
        left: place.left,
        bottom: place.bottom,
        minWidth: 220,
        maxWidth: 'calc(100vw - 16px)',
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 8,
      }}
    >
      {MENU_ITEMS.map((item) => {
        const feature = MENU_ITEM_FEATURES[item.name];
        // Still focusable (aria-disabled, not disabled) so a screen reader reaches it and reads why.
        const unavailable = feature !== undefined && !features[feature];
        return (
          <ButtonBase
            key={item.name}
            role="menuitem"
            tabIndex={-1}
            data-testid={`enhancement-${item.name}`}
            aria-disabled={unavailable || undefined}
            onClick={unavailable ? undefined : () => onPick(item.name)}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              width: '100%',
              minHeight: 48,
              px: 2,
              justifyContent: 'center',
              textAlign: 'left',
              fontSize: '1rem',
              color: unavailable ? 'text.secondary' : undefined,
              cursor: unavailable ? 'default' : undefined,
              '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
            }}
          >
            {t(item.label)}
            {unavailable && (
              <Box component="span" data-testid="enhancement-unavailable" sx={{ fontSize: '0.85rem' }}>
                {t('notAvailableHere')}
              </Box>
            )}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
