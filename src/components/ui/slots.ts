import { createContext, createElement, use, type ComponentProps, type ElementType, type JSX } from 'react';
import { cx } from 'styled-system/css';

/** A Panda slot recipe: variants → a class name per slot, and a way to split its variant props off. */
interface SlotRecipe {
  (variants?: any): Record<string, string>;
  splitVariantProps(props: any): [any, any];
}
type Variants<R extends SlotRecipe> = NonNullable<Parameters<R>[0]>;

/**
 * Park UI's styled parts (`Card.Root`, `Card.Title`…) without Panda's `styled()` factory: the
 * root part works out its recipe's classes once and hands them to its parts through context;
 * each part adds its slot's class to its own className. Panda's createStyleContext does the
 * same through `styled()`, which also splits style props off every part on every render and
 * brings the style-prop table (about 6 kB) to the first page; no part here takes style props.
 */
export function createSlots<R extends SlotRecipe>(recipe: R) {
  const Slots = createContext<Record<string, string> | null>(null);

  /** The part that owns the variants, drawing an element with its slot's class. */
  function withProvider<C extends ElementType>(Component: C, slot: string) {
    return function SlotProvider(props: ComponentProps<C> & Variants<R>): JSX.Element {
      const [variants, rest] = recipe.splitVariantProps(props);
      const classes = recipe(variants);
      return createElement(Slots, { value: classes }, createElement(Component, { ...rest, className: cx(classes[slot], rest.className) }));
    };
  }

  /** The part that owns the variants but draws no element of its own (Ark's Dialog.Root, Menu.Root). */
  function withRootProvider<C extends ElementType>(Component: C) {
    return function SlotRootProvider(props: ComponentProps<C> & Variants<R>): JSX.Element {
      const [variants, rest] = recipe.splitVariantProps(props);
      return createElement(Slots, { value: recipe(variants) }, createElement(Component, rest));
    };
  }

  /** A part inside the provider, drawn with its slot's class. */
  function withContext<C extends ElementType>(Component: C, slot: string) {
    return function SlotPart(props: ComponentProps<C>): JSX.Element {
      const classes = use(Slots);
      return createElement(Component, { ...props, className: cx(classes?.[slot], (props as { className?: string }).className) });
    };
  }

  return { withProvider, withRootProvider, withContext };
}
