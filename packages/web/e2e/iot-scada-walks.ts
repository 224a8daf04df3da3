import type { ScadaDetail, ScadaElement } from '@meridian/contracts';
import type { Page } from 'playwright-core';

/** Where an element's middle is on the running screen's canvas, in page pixels. */
export async function middleOf(page: Page, screen: ScadaDetail, element: ScadaElement) {
  const box = await page.getByTestId('scada-stage').locator('canvas').last().boundingBox();
  if (!box) throw new Error('no canvas');
  const scale = box.width / screen.document.width;
  return {
    x: box.x + (element.x + element.width / 2) * scale,
    y: box.y + (element.y + element.height / 2) * scale,
    scale,
  };
}

/**
 * The colour the running screen draws at an element's middle, as #rrggbb (#000000 where nothing is
 * drawn): the topmost of its canvases (still and moving components lie on canvases of their own,
 * decision 0153) that draws there.
 */
export async function colourAt(page: Page, screen: ScadaDetail, element: ScadaElement) {
  const x = (element.x + element.width / 2) / screen.document.width;
  const y = (element.y + element.height / 2) / screen.document.height;
  return page.getByTestId('scada-stage').evaluate(
    (stage: HTMLElement, [fx, fy]) => {
      // The first canvas holds the background picture, not a component.
      const canvases = [...stage.querySelectorAll('canvas')].slice(1).reverse();
      for (const canvas of canvases) {
        const pixel = canvas
          .getContext('2d')
          ?.getImageData(Math.round(canvas.width * fx), Math.round(canvas.height * fy), 1, 1).data;
        if (pixel && pixel[3] !== 0)
          return `#${[...pixel.slice(0, 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
      }
      return '#000000';
    },
    [x, y] as const,
  );
}
