import { defineConfig } from '@pandacss/dev';
import { globalCss, keyframes } from './src/theme/global-css.ts';
import { recipes, slotRecipes } from './src/theme/recipes/index.ts';
import { semanticTokens, tokens } from './src/theme/tokens.ts';

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  importMap: 'styled-system',
  // The app toggles a `dark` class on <html>.
  conditions: { extend: { dark: '.dark &', light: ':root:not(.dark) &' } },
  globalCss,
  // Recipes are used through createStyleContext wrappers, which Panda cannot trace to a
  // variant at build time, so every variant is emitted (the set is small).
  staticCss: { recipes: '*' },
  theme: {
    // SPEC §9 breakpoints (Vuetify's): replace Panda's defaults rather than merge with them.
    breakpoints: { sm: '600px', md: '960px', lg: '1264px', xl: '1904px' },
    extend: {
      tokens,
      semanticTokens,
      keyframes,
      recipes,
      slotRecipes,
    },
  },
});
