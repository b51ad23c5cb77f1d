/**
 * Talk partners (docs/product.md#talk-partners): a speaking task opened to the class or to partner
 * groups, classmates' takes and their audio, structured peer feedback moderated by the teacher,
 * listens, and their removal with the recordings they hang on.
 */
export { createPeerRoutes } from './routes.js';
export { pairAtRandom } from './service.js';
export { removePeerData } from './removal.js';
