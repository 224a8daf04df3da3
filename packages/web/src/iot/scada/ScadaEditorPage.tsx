import {
  AppstoreAddOutlined,
  CloudUploadOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
  SaveOutlined,
  SlidersOutlined,
} from '@ant-design/icons';
import {
  SCADA_KINDS,
  SCADA_NAME_MAX,
  SCADA_SHARINGS,
  type ScadaDocument,
  type ScadaElement,
  type ScadaKind,
  type ScadaSharing,
  scadaElement,
} from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Empty, Flex, Grid, Input, Select, Space, Tag } from 'antd';
import type Konva from 'konva';
import { memo, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Line, Stage, Transformer } from 'react-konva';
import { useNavigate, useParams } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { publishScreen, type ScadaDetail, saveScreen, screenOf } from './api.ts';
import { BackgroundPicker } from './BackgroundPicker.tsx';
import { EditorOverlay, NO_OVERLAY, type Overlay } from './EditorOverlay.tsx';
import { type EditAction, EditTools, nudgeOf, shortcutOf } from './EditTools.tsx';
import {
  align,
  type Box,
  boxOf,
  copyOf,
  distribute,
  group,
  layer,
  marquee,
  nudge,
  paste,
  pinchZoom,
  removeAll,
  type SnapLines,
  snapBox,
  snapLinesOf,
  snapPoint,
  ungroup,
  withGroups,
  zoomIn,
  zoomOut,
} from './editing.ts';
import { commit, type History, historyOf, redo, snap, undo } from './history.ts';
import { LayerList } from './LayerList.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { Background, PlacedShape, ShapeBody } from './shapes.tsx';
import { useFit } from './useFit.ts';
import { VersionsDrawer } from './VersionsDrawer.tsx';
import './strings.ts';

const SIZES: Record<ScadaKind, [number, number]> = {
  tank: [80, 160],
  pump: [60, 60],
  valve: [60, 40],
  lamp: [40, 40],
  number: [120, 40],
  label: [160, 30],
  pipe: [200, 20],
  button: [100, 40],
  switch: [60, 30],
  motor: [120, 70],
  fan: [70, 70],
  gauge: [140, 140],
  trend: [240, 120],
  bar: [30, 140],
  image: [160, 120],
  line: [160, 4],
  rectangle: [160, 100],
  ellipse: [100, 100],
  symbol: [80, 80],
};

/** A new component's colour: a display's green, a label's ink, a shape's light fill, else the brand blue. */
const COLOURS: Partial<Record<ScadaKind, string>> = {
  number: '#52c41a',
  label: '#262626',
  line: '#595959',
  rectangle: '#e6f4ff',
  ellipse: '#e6f4ff',
};

/** The lines of the grid, every fifth step, keyed by where they run. */
function gridLines(width: number, height: number, grid: number): Array<[string, number[]]> {
  if (grid <= 0) return [];
  const step = grid * 5;
  const lines: Array<[string, number[]]> = [];
  for (let x = 0; x <= width; x += step) lines.push([`v${x}`, [x, 0, x, height]]);
  for (let y = 0; y <= height; y += step) lines.push([`h${y}`, [0, y, width, y]]);
  return lines;
}

/** A new component of `kind` at x, y with the defaults of the document schema. */
/** A new element or group id: a prefix (the kind), the time and a few random characters, unique within a screen. */
const freshId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 40);

/** What Ctrl+C took, kept across screens of this tab so that a copy pastes into another screen. */
let clipboard: ScadaElement[] = [];

export function newElement(kind: ScadaKind, x: number, y: number, label: string): ScadaElement {
  const [width, height] = SIZES[kind];
  return scadaElement.parse({
    id: freshId(kind),
    kind,
    x,
    y,
    width,
    height,
    rotation: 0,
    text: kind === 'label' || kind === 'button' ? label : '',
    colour: COLOURS[kind] ?? '#1677ff',
  });
}

/** How near, in screen pixels, an edge or a centre must come to another's for a drag or a resize to snap to it. */
const SNAP_REACH = 6;

/** What a component on the editor's canvas does when pressed or dragged: the editor's newest handlers. */
interface ShapeHandlers {
  /** A press by mouse or finger; `more` when Shift, Ctrl or Cmd is held. */
  down(element: ScadaElement, more: boolean): void;
  /** A drag step; `free` when Alt is held, which drags without snapping. */
  move(element: ScadaElement, node: Konva.Node, free: boolean): void;
  end(element: ScadaElement, node: Konva.Node): void;
}

/**
 * One component on the editor's canvas. Drawn again only when the component itself changes, not on
 * every render of the editor: a screen of 2,000 components stays quick to open and to edit.
 */
const EditorShape = memo(function EditorShape({
  element,
  none,
  handlers,
}: {
  element: ScadaElement;
  none: string;
  handlers: RefObject<ShapeHandlers | null>;
}) {
  return (
    <PlacedShape
      element={element}
      draggable
      onMouseDown={(e) => handlers.current?.down(element, e.evt.shiftKey || e.evt.ctrlKey || e.evt.metaKey)}
      onTouchStart={() => handlers.current?.down(element, false)}
      onDragMove={(e) => handlers.current?.move(element, e.target, e.evt.altKey)}
      onDragEnd={(e) => handlers.current?.end(element, e.target)}
    >
      <ShapeBody element={element} value={undefined} none={none} preview />
    </PlacedShape>
  );
});

/** The editor of one configuration: a palette, the canvas (Konva) and the selected component's properties. */
export function ScadaEditorPage() {
  const id = Number(useParams().id);
  // The editor edits the draft, the newest version (decision 0127).
  const screen = useQuery({
    queryKey: ['iot', 'scada', id, 'draft'],
    queryFn: ({ signal }) => screenOf(id, signal, undefined, 'draft'),
  });
  if (screen.isError) {
    return <LoadFailed error={screen.error} onRetry={() => screen.refetch()} retrying={screen.isFetching} />;
  }
  if (!screen.data) return <PageLoading />;
  return <Editor key={`${screen.data.id}:${screen.data.revision}`} screen={screen.data} />;
}

function Editor({ screen }: { screen: ScadaDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<History<ScadaDocument>>(() => historyOf(screen.document));
  const [name, setName] = useState(screen.name);
  const [sharing, setSharing] = useState<ScadaSharing>(screen.sharing);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [versions, setVersions] = useState(false);
  /** The zoom the user chose; null fits the canvas to the page. */
  const [zoom, setZoom] = useState<number | null>(null);
  const [canPaste, setCanPaste] = useState(clipboard.length > 0);
  const doc = history.present;
  const dirty = doc !== screen.document || name !== screen.name || sharing !== screen.sharing;
  const { box, scale: fit } = useFit(doc.width);
  const scale = zoom ?? fit;
  const stage = useRef<Konva.Stage>(null);
  const transformer = useRef<Konva.Transformer>(null);
  /** Whether drags and resizes snap to the other components' edges and centres (the toolbar's toggle). */
  const [guided, setGuided] = useState(true);
  const overlay = useRef<((next: Overlay) => void) | null>(null);
  /** The lines the current drag or resize may snap to, taken once when it starts, and which axes hold a snap. */
  const snapping = useRef<{ lines: SnapLines; unit: Box | null } | null>(null);
  const held = useRef({ x: false, y: false });
  /** Where the rubber band started, in canvas pixels, and whether Shift adds what it touches. */
  const band = useRef<{ x: number; y: number; add: boolean } | null>(null);
  const narrow = Grid.useBreakpoint().md === false;
  const [drawer, setDrawer] = useState<'palette' | 'properties' | null>(null);
  /**
   * A two-finger pinch: how far apart the fingers were when it began, the zoom then, and the canvas
   * point under their middle, which stays under it as the canvas grows (`anchor`, page pixels).
   */
  const pinch = useRef<{ apart: number; scale: number; point: { x: number; y: number } } | null>(null);
  const anchor = useRef<{ point: { x: number; y: number }; x: number; y: number } | null>(null);

  const change = useCallback(
    (next: (d: ScadaDocument) => ScadaDocument) => setHistory((h) => commit(h, next(h.present))),
    [],
  );
  const patch = useCallback(
    (elementId: string, fields: Partial<ScadaElement>) =>
      change((d) => ({ ...d, elements: d.elements.map((e) => (e.id === elementId ? { ...e, ...fields } : e)) })),
    [change],
  );
  const add = (kind: ScadaKind, x?: number, y?: number) => {
    // A clicked component lands in the next free cell of a loose grid rather than on top of the last one.
    const n = doc.elements.length;
    const element = newElement(
      kind,
      snap(x ?? 40 + (n % 6) * 160, doc.grid),
      snap(y ?? 40 + (Math.floor(n / 6) % 3) * 200, doc.grid),
      t(`scada.kinds.${kind}`),
    );
    change((d) => ({ ...d, elements: [...d.elements, element] }));
    setSelected([element.id]);
  };
  /**
   * Picks an element, on the canvas with its group, in the layer list alone (to change one member's
   * properties); with `more`, adds it to the selection or takes it out.
   */
  const pick = useCallback(
    (id: string, more: boolean, alone = false) =>
      setSelected((current) => {
        const members = alone ? [id] : withGroups(history.present.elements, [id]);
        if (!more) return members;
        return current.includes(id) ? current.filter((s) => !members.includes(s)) : [...current, ...members];
      }),
    [history.present.elements],
  );
  const pickLayer = useCallback((id: string, more: boolean) => pick(id, more, true), [pick]);

  const act = useCallback(
    (action: EditAction) => {
      const ids = selected;
      const pasteFrom = (copied: ScadaElement[]) => {
        const at = Math.max(doc.grid, 10);
        const result = paste(doc, copied, at, (e) => freshId(e.kind));
        change(() => result.document);
        setSelected(result.ids);
      };
      switch (action.type) {
        case 'undo':
          setHistory(undo);
          break;
        case 'redo':
          setHistory(redo);
          break;
        case 'align':
          change((d) => align(d, ids, action.edge));
          break;
        case 'distribute':
          change((d) => distribute(d, ids, action.axis));
          break;
        case 'group':
          change((d) => group(d, ids, freshId('group')));
          break;
        case 'ungroup':
          change((d) => ungroup(d, ids));
          break;
        case 'layer':
          change((d) => layer(d, ids, action.move));
          break;
        case 'copy':
          clipboard = copyOf(doc, ids);
          setCanPaste(clipboard.length > 0);
          break;
        case 'paste':
          pasteFrom(clipboard);
          break;
        case 'duplicate':
          pasteFrom(copyOf(doc, ids));
          break;
        case 'remove':
          change((d) => removeAll(d, ids));
          setSelected([]);
          break;
        case 'zoom':
          setZoom(action.to === 'fit' ? null : action.to === 'in' ? zoomIn(scale) : zoomOut(scale));
          break;
      }
    },
    [selected, doc, change, scale],
  );

  // The transformer follows the selection.
  // The handles follow the selection and the components under them; redrawing the layer on every
  // render of the editor would draw all of a large screen's components again each time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handles follow the document too
  useEffect(() => {
    const konva = stage.current;
    const nodes = konva ? selected.flatMap((id) => konva.findOne(`#${id}`) ?? []) : [];
    const handles = transformer.current;
    if (!handles) return;
    const same = handles.nodes().length === nodes.length && handles.nodes().every((n, i) => n === nodes[i]);
    if (same && nodes.length === 0) return;
    handles.nodes(nodes);
    handles.getLayer()?.batchDraw();
  }, [selected, doc]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)) return;
      // A dialog (the confirmation of a write, a picker) keeps its keys.
      if (document.querySelector('.ant-modal-wrap:not([style*="display: none"])')) return;
      const distance = nudgeOf(event, doc.grid);
      if (distance && selected.length > 0) {
        event.preventDefault();
        change((d) => nudge(d, selected, distance[0], distance[1]));
        return;
      }
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        setSelected(doc.elements.map((e) => e.id));
        return;
      }
      const action = shortcutOf(event);
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, change, doc, selected]);

  /** Saves the draft as a new version; the saved screen, or null when refused. */
  const save = async (quiet = false): Promise<ScadaDetail | null> => {
    const unbound = doc.elements.find((e) => e.binding && e.binding.pointId === 0);
    if (unbound) {
      setSelected([unbound.id]);
      message.error(t('scada.pickPoint'));
      return null;
    }
    setSaving(true);
    try {
      const saved = await saveScreen(screen.id, { name, sharing, revision: screen.revision, document: doc });
      if (!quiet) message.success(t('scada.saved'));
      queryClient.setQueryData(['iot', 'scada', screen.id, 'draft'], saved);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'scada'], exact: false });
      return saved;
    } catch (error) {
      notifyError(error);
      return null;
    } finally {
      setSaving(false);
    }
  };
  /** Saves what is unsaved, then makes the draft the published version: the viewer and links show it. */
  const publish = async () => {
    const draft = dirty ? await save(true) : screen;
    if (!draft) return;
    setSaving(true);
    try {
      const published = await publishScreen(screen.id, draft.revision);
      message.success(t('scada.published'));
      queryClient.setQueryData(['iot', 'scada', screen.id, 'draft'], { ...published, version: published.draftVersion });
      await queryClient.invalidateQueries({ queryKey: ['iot', 'scada'], exact: false });
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const kind = event.dataTransfer.getData('application/x-scada-kind') as ScadaKind;
    const konva = stage.current;
    if (!SCADA_KINDS.includes(kind) || !konva) return;
    konva.setPointersPositions(event);
    const point = konva.getPointerPosition();
    if (point) add(kind, point.x / scale, point.y / scale);
  };

  /** The end of a drag: the dragged element snaps to the grid and the rest of the selection moves as far. */
  const dragged = (element: ScadaElement, node: Konva.Node) => {
    // An axis that holds a guide stays on it; the other snaps to the grid.
    const dx = (held.current.x ? Math.round(node.x()) : snap(node.x(), doc.grid)) - element.x;
    const dy = (held.current.y ? Math.round(node.y()) : snap(node.y(), doc.grid)) - element.y;
    snapping.current = null;
    held.current = { x: false, y: false };
    overlay.current?.(NO_OVERLAY);
    const moving = selected.includes(element.id) ? selected : withGroups(doc.elements, [element.id]);
    const konva = stage.current;
    // Konva moved the nodes; put each where the document will say, so that no node is left astray.
    for (const e of doc.elements) {
      if (moving.includes(e.id)) konva?.findOne(`#${e.id}`)?.position({ x: e.x + dx, y: e.y + dy });
    }
    change((d) => nudge(d, moving, dx, dy));
  };
  /**
   * While one element is dragged, the box of all that moves snaps to the others' edges and centres
   * (unless Alt is held or the guides are off), the guides show, and the rest of the selection follows.
   */
  const dragging = (element: ScadaElement, node: Konva.Node, free: boolean) => {
    let dx = node.x() - element.x;
    let dy = node.y() - element.y;
    held.current = { x: false, y: false };
    if (guided && !free) {
      if (!snapping.current) {
        const moving = new Set(selected.includes(element.id) ? selected : withGroups(doc.elements, [element.id]));
        const still = doc.elements.filter((e) => !moving.has(e.id));
        snapping.current = { lines: snapLinesOf(still), unit: boxOf(doc.elements.filter((e) => moving.has(e.id))) };
      }
      const { lines, unit } = snapping.current;
      if (unit) {
        const found = snapBox({ ...unit, x: unit.x + dx, y: unit.y + dy }, lines, SNAP_REACH / scale);
        dx += found.dx;
        dy += found.dy;
        node.position({ x: element.x + dx, y: element.y + dy });
        held.current = found.snapped;
        overlay.current?.({ band: null, guides: found.guides });
      }
    } else overlay.current?.(NO_OVERLAY);
    const konva = stage.current;
    for (const e of doc.elements) {
      if (e.id !== element.id && selected.includes(e.id))
        konva?.findOne(`#${e.id}`)?.position({ x: e.x + dx, y: e.y + dy });
    }
  };
  /** A resize handle's step: it snaps to the other components' edges and centres, as a drag does. */
  const resizing = (next: { x: number; y: number }, event: MouseEvent | undefined) => {
    const handles = transformer.current;
    if (!guided || event?.altKey || !handles || handles.getActiveAnchor() === 'rotater') {
      held.current = { x: false, y: false };
      overlay.current?.(NO_OVERLAY);
      return next;
    }
    if (!snapping.current) {
      const moving = new Set(handles.nodes().map((n) => n.id()));
      snapping.current = { lines: snapLinesOf(doc.elements.filter((e) => !moving.has(e.id))), unit: null };
    }
    const found = snapPoint(next.x / scale, next.y / scale, snapping.current.lines, SNAP_REACH / scale);
    held.current = found.snapped;
    overlay.current?.({ band: null, guides: found.guides });
    return { x: found.x * scale, y: found.y * scale };
  };
  /** The end of a resize or a turn, of one element or several: one step of the history. */
  const transformed = () => {
    const nodes = transformer.current?.nodes() ?? [];
    const changes = new Map<string, Partial<ScadaElement>>();
    // A size that holds a guide stays on it; otherwise it snaps to the grid.
    const guide = held.current.x || held.current.y;
    const fit = (size: number) => (guide ? Math.round(size) : snap(size, doc.grid) || doc.grid);
    snapping.current = null;
    held.current = { x: false, y: false };
    overlay.current?.(NO_OVERLAY);
    for (const node of nodes) {
      const element = doc.elements.find((e) => e.id === node.id());
      if (!element) continue;
      const width = Math.max(4, fit(element.width * node.scaleX()));
      const height = Math.max(4, fit(element.height * node.scaleY()));
      node.scale({ x: 1, y: 1 });
      changes.set(element.id, {
        x: Math.round(node.x()),
        y: Math.round(node.y()),
        width,
        height,
        rotation: Math.round(node.rotation()),
      });
    }
    change((d) => ({
      ...d,
      elements: d.elements.map((e) => {
        const fields = changes.get(e.id);
        return fields ? { ...e, ...fields } : e;
      }),
    }));
  };

  /** The rubber band's rectangle from where it started to the pointer, in canvas pixels. */
  const bandNow = () => {
    const start = band.current;
    const at = stage.current?.getRelativePointerPosition();
    return start && at ? { x: start.x, y: start.y, width: at.x - start.x, height: at.y - start.y } : null;
  };
  /** Pressed on empty canvas, the band starts; without Shift the selection empties, as a click there always did. */
  const bandStart = (event: Konva.KonvaEventObject<MouseEvent>) => {
    if (event.target !== event.target.getStage()) return;
    const at = stage.current?.getRelativePointerPosition();
    if (!at) return;
    band.current = { x: at.x, y: at.y, add: event.evt.shiftKey };
    if (!event.evt.shiftKey) setSelected([]);
  };
  const bandMove = () => {
    const rectangle = bandNow();
    if (rectangle) overlay.current?.({ band: rectangle, guides: [] });
  };
  /** Let go, the band picks every component it touches (whole groups); a click that hardly moved picks nothing. */
  const bandEnd = () => {
    const rectangle = bandNow();
    const add = band.current?.add ?? false;
    band.current = null;
    if (!rectangle) return;
    overlay.current?.(NO_OVERLAY);
    if (Math.abs(rectangle.width) * scale < 3 && Math.abs(rectangle.height) * scale < 3) return;
    setSelected((current) => marquee(doc.elements, rectangle, current, add));
  };

  /** Two fingers zoom the canvas; a drag the first of them had begun ends where it got to. */
  const pinching = (event: TouchEvent) => {
    const [a, b] = [event.touches.item(0), event.touches.item(1)];
    if (event.touches.length !== 2 || !a || !b) {
      pinch.current = null;
      return;
    }
    event.preventDefault();
    const apart = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    const middle = { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
    const frame = box.current;
    if (!pinch.current) {
      const rect = frame?.getBoundingClientRect();
      const point = rect
        ? {
            x: (middle.x - rect.left + (frame?.scrollLeft ?? 0)) / scale,
            y: (middle.y - rect.top + (frame?.scrollTop ?? 0)) / scale,
          }
        : { x: 0, y: 0 };
      pinch.current = { apart, scale, point };
      for (const node of stage.current?.find('.scada-element') ?? []) if (node.isDragging()) node.stopDrag();
      return;
    }
    anchor.current = { point: pinch.current.point, ...middle };
    setZoom(pinchZoom(pinch.current.scale, pinch.current.apart, apart));
  };
  // After a pinch step has drawn the canvas at its new zoom, scroll so that the pinched point is under the fingers again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it follows the zoom
  useLayoutEffect(() => {
    const frame = box.current;
    const at = anchor.current;
    if (!frame || !at) return;
    anchor.current = null;
    const rect = frame.getBoundingClientRect();
    frame.scrollLeft = at.point.x * scale - (at.x - rect.left);
    frame.scrollTop = at.point.y * scale - (at.y - rect.top);
  }, [scale]);

  const handlers = useRef<ShapeHandlers | null>(null);
  handlers.current = {
    down: (element, more) => {
      // Pressing on a picked element keeps the selection, so that dragging moves all of it.
      if (more || !selected.includes(element.id)) pick(element.id, more);
    },
    move: dragging,
    end: dragged,
  };
  const none = t('scada.noValue');

  const chosen = selected.length === 1 ? (doc.elements.find((e) => e.id === selected[0]) ?? null) : null;
  const picked = doc.elements.filter((e) => selected.includes(e.id));
  const units = new Set(picked.map((e) => e.group ?? `e:${e.id}`)).size;
  const grid = doc.grid;
  const palette = (
    <Flex vertical gap={6}>
      {SCADA_KINDS.map((kind) => (
        <Button
          key={kind}
          block
          draggable
          data-testid={`scada-palette-${kind}`}
          onDragStart={(event) => event.dataTransfer.setData('application/x-scada-kind', kind)}
          onClick={() => {
            add(kind);
            setDrawer(null);
          }}
        >
          {t(`scada.kinds.${kind}`)}
        </Button>
      ))}
    </Flex>
  );
  const sidePanels = (
    <>
      <Card size="small" title={t('scada.properties')}>
        {chosen ? (
          <PropertiesPanel key={chosen.id} element={chosen} onChange={(fields) => patch(chosen.id, fields)} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              selected.length > 1 ? t('scada.manySelected', { count: selected.length }) : t('scada.noSelection')
            }
          />
        )}
      </Card>
      <Card size="small" title={t('scada.layers')}>
        <LayerList elements={doc.elements} selected={selected} onPick={pickLayer} />
      </Card>
    </>
  );
  /** The screen's own settings: in the header on a wide screen, in the properties drawer on a phone. */
  const settings = (
    <>
      <Select<ScadaSharing>
        value={sharing}
        onChange={setSharing}
        style={{ width: 175 }}
        aria-label={t('scada.sharing')}
        options={SCADA_SHARINGS.map((s) => ({
          value: s,
          label: `${t('scada.sharing')}: ${t(`scada.sharings.${s}`)}`,
        }))}
      />
      <Select<number>
        value={grid}
        style={{ width: 170 }}
        aria-label={t('scada.grid')}
        onChange={(next) => change((d) => ({ ...d, grid: next }))}
        options={[0, 5, 10, 20].map((g) => ({
          value: g,
          label: `${t('scada.grid')}: ${g === 0 ? t('scada.gridOff') : `${g}px`}`,
        }))}
      />
      <BackgroundPicker value={doc.background} onChange={(background) => change((d) => ({ ...d, background }))} />
    </>
  );
  return (
    <Flex vertical gap={12} data-testid="scada-editor">
      <Card size="small">
        <Flex vertical gap={8}>
          <Flex wrap gap={8} align="center" justify="space-between">
            <Space wrap>
              <Input
                value={name}
                maxLength={SCADA_NAME_MAX}
                onChange={(e) => setName(e.target.value)}
                style={{ width: narrow ? '100%' : 220 }}
                aria-label={t('scada.name')}
                data-testid="scada-editor-name"
              />
              {!narrow && settings}
            </Space>
            <Space wrap>
              {dirty && <Tag color="orange">{t('scada.unsaved')}</Tag>}
              {!dirty && screen.draftVersion !== screen.publishedVersion && (
                <Tag color="blue" data-testid="scada-draft-ahead">
                  {t('scada.draftAhead', { number: screen.draftVersion })}
                </Tag>
              )}
              <Button icon={<HistoryOutlined />} onClick={() => setVersions(true)} data-testid="scada-versions-button">
                {t('scada.versions')}
              </Button>
              <Button icon={<SaveOutlined />} loading={saving} onClick={() => save()} data-testid="scada-save">
                {t('scada.save')}
              </Button>
              <Button
                icon={<CloudUploadOutlined />}
                type="primary"
                loading={saving}
                disabled={!dirty && screen.draftVersion === screen.publishedVersion}
                onClick={publish}
                data-testid="scada-publish"
              >
                {t('scada.publish')}
              </Button>
              <Button
                icon={<PlayCircleOutlined />}
                data-testid="scada-run"
                onClick={async () => {
                  if (!dirty || (await save())) navigate(`/scada/${screen.id}/view`);
                }}
              >
                {t('scada.open')}
              </Button>
            </Space>
          </Flex>
          <EditTools
            units={units}
            selected={selected.length}
            grouped={picked.some((e) => e.group !== null)}
            canUndo={history.past.length > 0}
            canRedo={history.future.length > 0}
            canPaste={canPaste}
            zoom={scale}
            guided={guided}
            onGuided={setGuided}
            compact={narrow}
            onAction={act}
          />
        </Flex>
      </Card>
      {narrow && (
        <Flex gap={8}>
          <Button icon={<AppstoreAddOutlined />} onClick={() => setDrawer('palette')} data-testid="scada-open-palette">
            {t('scada.palette')}
          </Button>
          <Button
            icon={<SlidersOutlined />}
            onClick={() => setDrawer('properties')}
            data-testid="scada-open-properties"
          >
            {t('scada.properties')}
          </Button>
        </Flex>
      )}
      <Flex gap={12} align="flex-start">
        {!narrow && (
          <Card size="small" title={t('scada.palette')} style={{ width: 150, flex: 'none' }}>
            {palette}
          </Card>
        )}
        <div
          ref={box}
          style={{ flex: 1, minWidth: 0, overflow: zoom === null ? 'hidden' : 'auto', maxHeight: '75vh' }}
          role="application"
          aria-label={t('scada.palette')}
          onDragOver={(event) => event.preventDefault()}
          onDrop={onDrop}
          data-testid="scada-canvas"
        >
          <Stage
            ref={stage}
            width={doc.width * scale}
            height={doc.height * scale}
            scaleX={scale}
            scaleY={scale}
            style={{ background: '#ffffff', border: '1px solid #d9d9d9', width: 'fit-content' }}
            onMouseDown={bandStart}
            onMouseMove={bandMove}
            onMouseUp={bandEnd}
            onMouseLeave={bandEnd}
            onTouchStart={(e) => {
              if (e.evt.touches.length === 2) pinching(e.evt);
              else if (e.target === e.target.getStage()) setSelected([]);
            }}
            onTouchMove={(e) => pinching(e.evt)}
            onTouchEnd={() => {
              pinch.current = null;
            }}
          >
            <Layer listening={false}>
              <Background src={doc.background} width={doc.width} height={doc.height} />
              {gridLines(doc.width, doc.height, grid).map(([key, points]) => (
                <Line key={key} points={points} stroke="#f0f0f0" />
              ))}
            </Layer>
            <Layer>
              {doc.elements.map((element) => (
                <EditorShape key={element.id} element={element} none={none} handlers={handlers} />
              ))}
              <Transformer
                ref={transformer}
                rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
                keepRatio={false}
                ignoreStroke
                onTransformEnd={transformed}
                anchorDragBoundFunc={(_before, next, event) => resizing(next, event)}
                boundBoxFunc={(before, after) =>
                  Math.abs(after.width) < 4 || Math.abs(after.height) < 4 ? before : after
                }
              />
            </Layer>
            <EditorOverlay control={overlay} scale={scale} />
          </Stage>
        </div>
        {!narrow && (
          <Flex vertical gap={12} style={{ width: 280, flex: 'none' }}>
            {sidePanels}
          </Flex>
        )}
      </Flex>
      {narrow && (
        <>
          <Drawer
            open={drawer === 'palette'}
            onClose={() => setDrawer(null)}
            placement="left"
            size={200}
            title={t('scada.palette')}
          >
            {palette}
          </Drawer>
          <Drawer
            open={drawer === 'properties'}
            onClose={() => setDrawer(null)}
            placement="bottom"
            size="70%"
            title={t('scada.properties')}
          >
            <Flex vertical gap={12}>
              {sidePanels}
              <Card size="small" title={t('scada.settings')}>
                <Flex vertical gap={8}>
                  {settings}
                </Flex>
              </Card>
            </Flex>
          </Drawer>
        </>
      )}
      {versions && <VersionsDrawer screen={screen} onClose={() => setVersions(false)} />}
    </Flex>
  );
}
