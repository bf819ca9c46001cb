import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  // 'auto' shows the ring for keyboard focus only (focus-visible), never on mouse clicks.
  focusRing: 'auto',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
});
