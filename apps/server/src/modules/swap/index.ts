/** Skill swap (issue 22; docs/swap.md): offers and requests, matches by tag, proposals. */
export { registerSwap } from './routes';
