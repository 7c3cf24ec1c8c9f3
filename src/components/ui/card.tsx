import { card } from 'styled-system/recipes/card';
import { el } from './element.tsx';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(card);

/** A surface with optional header, body and footer: `<Card.Root><Card.Header>…`. */
export const Card = {
  Root: withProvider(el.section, 'root'),
  Header: withContext(el.div, 'header'),
  Title: withContext(el.h2, 'title'),
  Description: withContext(el.p, 'description'),
  Body: withContext(el.div, 'body'),
  Footer: withContext(el.div, 'footer'),
};
