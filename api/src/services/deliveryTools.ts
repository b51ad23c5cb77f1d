import { analyseDelivery } from '../delivery/analyse.js';
import type { DeliveryTools } from './delivery.js';

/**
 * The decoder and the analysis the server measures recordings with
 * (docs/product.md#measured-by-the-server).
 */
export function serverDeliveryTools(): DeliveryTools {
  return {
    decode: async () => {
      throw Object.assign(new Error('This build has no audio decoder.'), { reason: 'ffmpeg-missing' });
    },
    analyse: analyseDelivery,
  };
}
