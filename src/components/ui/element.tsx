import { cloneElement, createElement, isValidElement, type ComponentPropsWithRef, type JSX, type ReactElement, type Ref } from 'react';
import { cx } from 'styled-system/css';

type Tag = keyof JSX.IntrinsicElements;

/** A plain element's props, and `asChild`: hand them to the one child element instead of drawing one. */
export type ElementProps<T extends Tag> = ComponentPropsWithRef<T> & { asChild?: boolean };

function composeRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined) {
  return (node: T | null) => {
    for (const ref of [a, b]) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/** The child's own props win, except className (both), style (merged), handlers (both run, the child's first) and refs (both). */
function mergeProps(outer: Record<string, unknown>, inner: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...outer, ...inner };
  for (const [key, a] of Object.entries(outer)) {
    const b = inner[key];
    if (b === undefined) continue;
    if (key === 'className') out.className = cx(a as string, b as string);
    else if (key === 'style') out.style = { ...(a as object), ...(b as object) };
    else if (key === 'ref') out.ref = composeRefs(a as Ref<unknown>, b as Ref<unknown>);
    else if (/^on[A-Z]/.test(key) && typeof a === 'function' && typeof b === 'function')
      out[key] = (...args: unknown[]) => {
        (b as (...x: unknown[]) => void)(...args);
        (a as (...x: unknown[]) => void)(...args);
      };
  }
  return out;
}

/**
 * A plain element that can pass its props to its child (`<Button asChild><AppLink/></Button>`),
 * as Ark's `ark.*` factory does, without bringing Ark (its factory, prop merging and environment,
 * about 3 kB) to pages that use no Ark component, the sign-in page first.
 */
export function element<T extends Tag>(tag: T) {
  return function Element({ asChild, children, ...props }: ElementProps<T>) {
    if (asChild && isValidElement(children)) {
      const child = children as ReactElement<Record<string, unknown>>;
      return cloneElement(child, mergeProps(props, child.props));
    }
    return createElement(tag, props, children);
  };
}

export const el = {
  button: element('button'),
  div: element('div'),
  h2: element('h2'),
  input: element('input'),
  p: element('p'),
  section: element('section'),
  span: element('span'),
};
