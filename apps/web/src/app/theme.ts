import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
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

export const theme = createTheme({
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

/** Dimmed text and placeholders at 4.5:1 on white (Mantine's gray 6 and gray 5 give 3.3:1 and 2:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6873', '--mantine-color-placeholder': '#6b7480' },
  dark: {},
});
