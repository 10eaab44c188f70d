// A small menu under a message's "more" button (no MUI Menu: see shared/ui/IconButton.tsx on
// what this remote bundles). Escape, a tap outside or a choice closes it; focus returns to the
// button. Items are 44 px high.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, ButtonBase, useBackCloses } from '@kasa/ui';
import { IconButton } from '../../shared/ui/IconButton';

const MENU_WIDTH = 220;

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
}

export function ActionMenu({
  label,
  icon,
  items,
  note,
}: {
  label: string;
  icon: ReactNode;
  items: ActionMenuItem[];
  /** A line of information above the items (who wrote the reply). */
  note?: string | null;
}) {
  const [open, setOpen] = useState(false);
  // Opens towards the side with room (the button may be first on a wrapped row of a 360 px screen).
  const [side, setSide] = useState<'left' | 'right'>('right');
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Android's Back closes the menu, not the chat (docs/product.md#back-and-escape-on-phones).
  useBackCloses(open, () => setOpen(false));

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <IconButton
        ref={button}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          const rect = button.current?.getBoundingClientRect();
          setSide(rect && rect.right < MENU_WIDTH ? 'left' : 'right');
          setOpen((o) => !o);
        }}
      >
        {icon}
      </IconButton>
      {open && (
        <Box
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
              return;
            }
            if (event.key === 'Tab') {
              setOpen(false);
              return;
            }
            // The menu pattern: arrows move between the items, round.
            const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
            if (!step) return;
            event.preventDefault();
            const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
            const at = items.indexOf(document.activeElement as HTMLElement);
            items[(at + step + items.length) % items.length]?.focus();
          }}
          sx={{
            position: 'absolute',
            zIndex: 10,
            bottom: '100%',
            [side]: 0,
            mb: 0.5,
            minWidth: MENU_WIDTH,
            maxWidth: 'calc(100vw - 32px)',
            py: 0.5,
            borderRadius: 1,
            border: '1px solid',
            borderColor: 'divider',
            bgcolor: 'background.paper',
            boxShadow: 4,
          }}
        >
          {note && (
            <Box sx={{ px: 2, py: 1, fontSize: '0.8rem', color: 'text.secondary' }} data-testid="menu-note">
              {note}
            </Box>
          )}
          {items.map((item) => (
            <ButtonBase
              key={item.label}
              role="menuitem"
              onClick={() => {
                close();
                item.onSelect();
              }}
              sx={{
                display: 'flex',
                width: '100%',
                minHeight: 44,
                px: 2,
                justifyContent: 'flex-start',
                textAlign: 'left',
                fontSize: '0.95rem',
                '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
              }}
            >
              {item.label}
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
