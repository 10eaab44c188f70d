// The composer's model picker: a compact button with the model's name; its menu (loaded on first
// use) lists every model the server offers. Models the user's plan may not use are shown disabled
// with a 'Pro' badge; tapping one opens the payment options instead. With one model: nothing.
import { memo, Suspense, useId, useRef, useState } from 'react';
import { lazyWithPreload } from '@kasa/ui/prefetch';
import type { ChatModelOption } from '@kasa/contracts';
import { ButtonBase, useBackCloses, useT } from '@kasa/ui';
import { ChevronDownIcon } from './model-icons';
import { modelMessages } from './model-messages';

/** The menu's code (fetched ahead when the screen is idle: screen/idle-prefetch.ts). */
const ModelMenu = lazyWithPreload(() => import('./ModelMenu'));
export const loadModelMenu = ModelMenu.preload;
const loadMenu = loadModelMenu;

export interface ModelPickerProps {
  options: readonly ChatModelOption[];
  current: ChatModelOption | null;
  onChoose: (modelId: string) => void;
  /** A model of a higher plan was tapped: the upgrade flow (the payment options). */
  onUpgrade: () => void;
}

export const ModelPicker = memo(function ModelPicker({
  options,
  current,
  onChoose,
  onUpgrade,
}: ModelPickerProps) {
  const t = useT(modelMessages);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [open, setOpen] = useState(false);
  /** Mounted from the first opening on, so closing animates and focus returns to the button. */
  const [loaded, setLoaded] = useState(false);
  // Android's Back closes the menu, not the chat (docs/product.md#back-and-escape-on-phones).
  useBackCloses(open, () => setOpen(false));

  if (options.length < 2 || !current) return null;
  return (
    <>
      <ButtonBase
        ref={button}
        data-testid="model-picker"
        aria-label={t('modelButton', { name: current.name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={() => void loadMenu().catch(() => undefined)}
        onFocus={() => void loadMenu().catch(() => undefined)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        sx={{
          minHeight: 44,
          maxWidth: '100%',
          px: 1,
          gap: 0.5,
          borderRadius: 2,
          font: 'inherit',
          fontSize: '0.875rem',
          fontWeight: 700,
          color: 'text.secondary',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: -2 },
        }}
      >
        <span
          data-testid="model-picker-name"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {current.name}
        </span>
        <ChevronDownIcon />
      </ButtonBase>
      {loaded && (
        <Suspense fallback={null}>
          <ModelMenu
            anchor={open ? button.current : null}
            menuId={menuId}
            options={options}
            currentId={current.id}
            onChoose={(id) => {
              setOpen(false);
              onChoose(id);
            }}
            onUpgrade={() => {
              setOpen(false);
              onUpgrade();
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
});
