import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  rem,
  type SwitchProps,
  type VariantColorsResolver,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e8f1fa',
  '#cfdff0',
  '#9dbde2',
  '#6899d3',
  '#3f7bc6',
  '#2668bf',
  '#1c5aa8',
  '#174d92',
  '#11427f',
  '#0a366c',
];

/**
 * WCAG AA text contrast (4.5:1, checked by e2e/a11y.spec.ts): Mantine's light-variant badges and alerts
 * write shade 6 on a 10% tint of the same colour (yellow and teal fall to about 2:1). Their text is
 * darkened until it reads; the tint stays.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor ? { ...colors, color: darken(parsed.value, 0.45) } : colors;
};

/**
 * Readable switches (issue 15, apps/web/src/components/LISTS.md): Mantine writes an on/off label inside
 * the track at 5-9 px. A switch that carries one ('Yes' / 'No') gets 11-12 px text and a track wide enough
 * for it; a switch without one keeps Mantine's sizes.
 */
const SWITCH_WITH_LABEL: Record<string, { width: string; font: string }> = {
  xs: { width: rem(44), font: rem(10) },
  sm: { width: rem(50), font: rem(11) },
  md: { width: rem(58), font: rem(12) },
  lg: { width: rem(66), font: rem(13) },
  xl: { width: rem(78), font: rem(14) },
};
// A plain theme entry rather than Switch.extend, so the first paint does not carry the Switch component.
const readableSwitch = {
  vars: (_theme: unknown, props: SwitchProps) => {
    if (props.onLabel == null && props.offLabel == null) return { root: {} };
    const size = SWITCH_WITH_LABEL[typeof props.size === 'string' ? props.size : 'sm'] ?? SWITCH_WITH_LABEL.sm;
    return { root: { '--switch-width': size?.width, '--switch-label-font-size': size?.font } };
  },
  styles: { trackLabel: { fontWeight: 600 } },
};

export const theme = createTheme({
  components: { Switch: readableSwitch },
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  // 'auto' shows the ring for keyboard focus only (focus-visible), never on mouse clicks.
  focusRing: 'auto',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * Dimmed text and placeholders at 4.5:1 on white (Mantine's gray 6 and gray 5 give 3.3:1 and 2:1); field errors
 * (the message and an invalid field's text) too: Mantine's red 6 gives 3.6:1, red 9 gives 6.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6873',
    '--mantine-color-placeholder': '#6b7480',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
