// The line icons of the message actions (decorative: every button carrying one has a label).
import type { ReactNode } from 'react';
import { StrokeIcon } from '@kasa/ui';

function Svg({ children }: { children: ReactNode }) {
  return <StrokeIcon size={18}>{children}</StrokeIcon>;
}

export const CopyIcon = () => (
  <Svg>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8" />
  </Svg>
);
export const CheckIcon = () => (
  <Svg>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);
export const RegenerateIcon = () => (
  <Svg>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Svg>
);
export const ThumbUpIcon = ({ filled = false }: { filled?: boolean }) => (
  <Svg>
    <path d="M7 11v9H4v-9h3z" fill={filled ? 'currentColor' : 'none'} />
    <path
      d="M7 11l4-8a2.5 2.5 0 0 1 2.5 2.5V9h5.2a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.5 20H7"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Svg>
);
export const ThumbDownIcon = ({ filled = false }: { filled?: boolean }) => (
  <Svg>
    <path d="M17 13V4h3v9h-3z" fill={filled ? 'currentColor' : 'none'} />
    <path
      d="M17 13l-4 8a2.5 2.5 0 0 1-2.5-2.5V15H5.3a2 2 0 0 1-2-2.3l1.2-7A2 2 0 0 1 6.5 4H17"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Svg>
);
export const ShareIcon = () => (
  <Svg>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.5M8.2 13.2l7.6 4.5" />
  </Svg>
);
export const MoreIcon = () => (
  <Svg>
    <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />
  </Svg>
);
export const ChevronLeftIcon = () => (
  <Svg>
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);
export const ChevronRightIcon = () => (
  <Svg>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
export const SpeakerIcon = () => (
  <Svg>
    <path d="M4 9v6h4l5 4V5L8 9H4z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </Svg>
);
export const StopSquareIcon = () => (
  <Svg>
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </Svg>
);
