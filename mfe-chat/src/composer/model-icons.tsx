// The model picker's icons (decorative: the button and the menu items carry the words).
import { StrokeIcon } from '@kasa/ui';

export const ChevronDownIcon = () => (
  <StrokeIcon size={16}>
    <path d="M6 9l6 6 6-6" />
  </StrokeIcon>
);
export const CheckIcon = () => (
  <StrokeIcon size={18}>
    <path d="M5 12l5 5 9-11" />
  </StrokeIcon>
);
