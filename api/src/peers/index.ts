/**
 * Talk partners (docs/product.md#talk-partners): a speaking task opened to the class or to partner
 * groups, classmates' takes and their audio, structured peer feedback moderated by the teacher, and
 * listens. Speaking practice removes them with their recordings through `removal.ts`.
 */
export { createPeerRoutes } from './routes.js';
