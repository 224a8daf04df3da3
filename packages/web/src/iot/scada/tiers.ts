import type { ScadaElement, ScadaKind } from '@meridian/contracts';

/** The components with a part that turns or flows on the shared animation loop (animator.ts). */
export const MOVING_KINDS: readonly ScadaKind[] = ['pump', 'pipe', 'motor', 'fan'];
/** How far a component may paint beyond its box (shapes.tsx, palette.tsx): a glow, a shadow, a round cap, half a stroke. */
const REACH: Partial<Record<ScadaKind, number>> = { lamp: 14, button: 6, line: 5, switch: 4 };
const EDGE_REACH = 2;
/** More canvases than this cost more than the frames they save: the screen is then drawn on one. */
export const MAX_TIERS = 6;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box a component paints in, turned about its top left corner as Konva turns it, with its reach. */
function reachOf(e: ScadaElement): Box {
  const turn = (e.rotation * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const xs = [0, e.width * cos, -e.height * sin, e.width * cos - e.height * sin];
  const ys = [0, e.width * sin, e.height * cos, e.width * sin + e.height * cos];
  const reach = REACH[e.kind] ?? EDGE_REACH;
  return {
    left: e.x + Math.min(...xs) - reach,
    top: e.y + Math.min(...ys) - reach,
    right: e.x + Math.max(...xs) + reach,
    bottom: e.y + Math.max(...ys) + reach,
  };
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The running screen's components in tiers, drawn bottom first, one canvas each, alternating between
 * still tiers and tiers holding moving components (decision 0153). The animation loop then draws
 * only the moving tiers each frame, not the hundreds of still components. What the screen shows
 * does not change: a component is never put under one it was drawn over where their boxes meet,
 * and within a tier the document's order holds; only components that do not touch change order.
 * Answers one tier (the document's order) when the screen would need more than `MAX_TIERS`.
 */
export function tiersOf(elements: readonly ScadaElement[], maxTiers = MAX_TIERS): ScadaElement[][] {
  const boxes = elements.map(reachOf);
  // Even tiers are still, odd ones move.
  const tierOf: number[] = [];
  const tiers: ScadaElement[][] = [];
  elements.forEach((element, i) => {
    let lowest = 0;
    const box = boxes[i] as Box;
    for (let below = 0; below < i; below++) {
      if ((tierOf[below] ?? 0) > lowest && overlap(boxes[below] as Box, box)) lowest = tierOf[below] ?? 0;
    }
    const moving = MOVING_KINDS.includes(element.kind) ? 1 : 0;
    const tier = lowest % 2 === moving ? lowest : lowest + 1;
    tierOf.push(tier);
    while (tiers.length <= tier) tiers.push([]);
    tiers[tier]?.push(element);
  });
  if (tiers.length > maxTiers) return [[...elements]];
  return tiers.filter((tier) => tier.length > 0);
}
