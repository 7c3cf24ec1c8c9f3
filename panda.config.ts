import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  importMap: 'styled-system',
  conditions: { extend: { dark: '.dark &, [data-theme=dark] &', light: '.light &' } },
  globalCss: {},
  theme: { extend: {} },
});
