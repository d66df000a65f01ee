/**
 * The shared UI kit: every page composes these instead of styling its own. Styles and design
 * tokens in ./kit.css (imported once by ui/main.tsx).
 */
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Dialog, type DialogProps } from './Dialog';
export { Icon, type IconName } from './Icon';
export { Panel, type PanelProps } from './Panel';
export { Select, type SelectProps } from './Select';
export { Sheet, SHEET_DRAG_CLOSE_PX, type SheetProps } from './Sheet';
export { Slider, type SliderProps } from './Slider';
export { EmptyState, ErrorState, LoadingState, NoticeLine } from './States';
export { Tabs, type TabDef, type TabsProps } from './Tabs';
export { Toggle, type ToggleProps } from './Toggle';
export { isBackdropClick, useModal } from './useModal';
