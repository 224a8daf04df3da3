import Konva from 'konva';
import { useEffect } from 'react';

/**
 * The one animation loop of the running screens (decision 0126): every turning rotor and flowing pipe
 * registers its Konva node here, and a single Konva.Animation moves them all each frame and redraws
 * only the layers they are on. Nothing runs while nothing moves.
 */

/** A rotor turns (half a turn a second at speed 1); a flow moves a line's dashes along it (60 px a second). */
export interface Mover {
  how: 'turn' | 'flow';
  /** A multiple of the normal speed; 0 stands still. */
  speed: number;
}

export const TURNS_PER_SECOND = 0.5;
export const FLOW_PX_PER_SECOND = 60;
/** A flowing line's dash pattern repeats every this many pixels. */
export const DASH_PERIOD = 24;

/** Where a mover is after `seconds` more, from where it was: degrees for a rotor, the dash offset for a flow. */
export function advance(mover: Mover, from: number, seconds: number): number {
  if (mover.how === 'turn') return (from + 360 * TURNS_PER_SECOND * mover.speed * seconds) % 360;
  return (from - FLOW_PX_PER_SECOND * mover.speed * seconds) % DASH_PERIOD;
}

class Animator {
  private readonly movers = new Map<Konva.Node, Mover>();
  private animation: Konva.Animation | null = null;
  private layers: Konva.Layer[] = [];

  set(node: Konva.Node, mover: Mover): void {
    this.movers.set(node, mover);
    this.follow();
  }

  delete(node: Konva.Node): void {
    this.movers.delete(node);
    this.follow();
  }

  /** How many nodes move now (the walk and the units read it). */
  get size(): number {
    return this.movers.size;
  }

  get running(): boolean {
    return this.animation?.isRunning() ?? false;
  }

  private follow(): void {
    const layers = [...new Set([...this.movers.keys()].flatMap((n) => n.getLayer() ?? []))];
    if (layers.length === 0) {
      this.animation?.stop();
      this.animation = null;
      return;
    }
    this.layers = layers;
    if (!this.animation) this.animation = new Konva.Animation((frame) => this.tick(frame?.timeDiff ?? 0));
    if (!this.animation.isRunning()) this.animation.start();
  }

  private tick(ms: number): boolean {
    // A frame after a long pause (a hidden tab) moves one frame's worth, not a jump.
    const seconds = Math.min(ms, 100) / 1000;
    let moved = false;
    // Only the picture moves: what a click hits (each component's box) stays where it is, so this
    // frame draws the layers' scenes itself, once, and no change asks for a full draw with their hit
    // canvases in the next frame (decision 0153).
    const autoDraw = Konva.autoDrawEnabled;
    Konva.autoDrawEnabled = false;
    try {
      for (const [node, mover] of this.movers) {
        if (mover.speed <= 0) continue;
        moved = true;
        if (mover.how === 'turn') node.rotation(advance(mover, node.rotation(), seconds));
        else if (node instanceof Konva.Line) node.dashOffset(advance(mover, node.dashOffset(), seconds));
      }
    } finally {
      Konva.autoDrawEnabled = autoDraw;
    }
    if (moved) for (const layer of this.layers) layer.drawScene();
    return false;
  }
}

export const animator = new Animator();

/** Moves `node` on the shared loop while `mover` is given and its speed above 0. */
export function useMover(node: React.RefObject<Konva.Node | null>, mover: Mover | null): void {
  const how = mover?.how;
  const speed = mover?.speed ?? 0;
  useEffect(() => {
    const target = node.current;
    if (!target || !how || speed <= 0) return;
    animator.set(target, { how, speed });
    return () => animator.delete(target);
  }, [node, how, speed]);
}
