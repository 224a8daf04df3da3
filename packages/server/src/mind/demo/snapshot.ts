import { encodePng } from '../../platform/files/png.ts';
import type { DemoRandom } from './names.ts';

const WIDTH = 160;
const HEIGHT = 90;

/**
 * A camera still for a demo alert, drawn pixel by pixel: a wall above a floor, and a few figures
 * (darker blocks) where `random` puts them. A real PNG of 160 x 90, so that it is stored, checked
 * by its content and shown as an upload is; a few kilobytes.
 */
export function demoSnapshot(random: DemoRandom, figures: number): Buffer {
  const rgb = Buffer.alloc(WIDTH * HEIGHT * 3);
  const horizon = 50 + random.int(-6, 6);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 3;
      const shade = y < horizon ? 200 - Math.floor(y / 3) : 120 + Math.floor((y - horizon) / 2);
      rgb[at] = shade;
      rgb[at + 1] = y < horizon ? shade : shade - 10;
      rgb[at + 2] = y < horizon ? shade + 20 : shade - 30;
    }
  }
  for (let f = 0; f < figures; f++) {
    const left = random.int(10, WIDTH - 24);
    const height = random.int(24, 36);
    const top = horizon + random.int(-4, 16) - height + 20;
    const tone = random.int(30, 90);
    for (let y = Math.max(0, top); y < Math.min(HEIGHT, top + height); y++) {
      for (let x = left; x < left + 12; x++) {
        const at = (y * WIDTH + x) * 3;
        rgb[at] = tone;
        rgb[at + 1] = tone;
        rgb[at + 2] = tone + 20;
      }
    }
  }
  return encodePng(WIDTH, HEIGHT, rgb);
}
