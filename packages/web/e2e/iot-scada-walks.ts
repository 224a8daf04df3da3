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
