// The chat screen's stroke icons (decorative: the buttons carrying them have a label).
import type { ReactNode } from 'react';
import { StrokeIcon } from '@kasa/ui';

function Svg({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return <StrokeIcon size={size}>{children}</StrokeIcon>;
}

export const MenuIcon = () => (
  <Svg>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const BackIcon = () => (
  <Svg>
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const PlusIcon = () => (
  <Svg size={20}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const SendIcon = () => (
  <Svg>
    <path d="M5 12h13M12 5l7 7-7 7" />
  </Svg>
);
export const StopIcon = () => (
  <svg width={14} height={14} viewBox="0 0 14 14" aria-hidden="true" focusable="false">
    <rect width="14" height="14" rx="2" fill="currentColor" />
  </svg>
);
export const PencilIcon = () => (
  <Svg size={18}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
  </Svg>
);
export const TrashIcon = () => (
  <Svg size={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
