import {
  DeleteOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
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
import { App, Button, Card, Empty, Flex, Input, Select, Space, Tag, Tooltip } from 'antd';
import type Konva from 'konva';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Line, Stage, Transformer } from 'react-konva';
import { useNavigate, useParams } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { type ScadaDetail, saveScreen, screenOf } from './api.ts';
import { BackgroundPicker } from './BackgroundPicker.tsx';
import { commit, type History, historyOf, redo, reorder, snap, undo } from './history.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { Background, PlacedShape, ShapeBody } from './shapes.tsx';
import { useFit } from './useFit.ts';
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
export function newElement(kind: ScadaKind, x: number, y: number, label: string): ScadaElement {
  const [width, height] = SIZES[kind];
  return scadaElement.parse({
    id: `${kind}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`,
    kind,
    x,
    y,
    width,
    height,
    rotation: 0,
    text: kind === 'label' || kind === 'button' ? label : '',
    colour: kind === 'number' ? '#52c41a' : kind === 'label' ? '#262626' : '#1677ff',
  });
}

/** The editor of one configuration: a palette, the canvas (Konva) and the selected component's properties. */
export function ScadaEditorPage() {
  const id = Number(useParams().id);
  const screen = useQuery({ queryKey: ['iot', 'scada', id], queryFn: ({ signal }) => screenOf(id, signal) });
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
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const doc = history.present;
  const dirty = doc !== screen.document || name !== screen.name || sharing !== screen.sharing;
  const { box, scale } = useFit(doc.width);
  const stage = useRef<Konva.Stage>(null);
  const transformer = useRef<Konva.Transformer>(null);

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
    setSelected(element.id);
  };
  const remove = useCallback(() => {
    if (!selected) return;
    change((d) => ({ ...d, elements: d.elements.filter((e) => e.id !== selected) }));
    setSelected(null);
  }, [selected, change]);

  // The transformer follows the selected component.
  useEffect(() => {
    const node = selected ? stage.current?.findOne(`#${selected}`) : undefined;
    transformer.current?.nodes(node ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA'].includes(target.tagName)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        setHistory((h) => (event.shiftKey ? redo(h) : undo(h)));
      } else if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        setHistory(redo);
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        remove();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [remove]);

  const save = async () => {
    const unbound = doc.elements.find((e) => e.binding && e.binding.pointId === 0);
    if (unbound) {
      setSelected(unbound.id);
      message.error(t('scada.pickPoint'));
      return false;
    }
    setSaving(true);
    try {
      const saved = await saveScreen(screen.id, { name, sharing, revision: screen.revision, document: doc });
      message.success(t('scada.saved'));
      queryClient.setQueryData(['iot', 'scada', screen.id], saved);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'scada'], exact: false });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
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

  const chosen = doc.elements.find((e) => e.id === selected) ?? null;
  const grid = doc.grid;
  return (
    <Flex vertical gap={12} data-testid="scada-editor">
      <Card size="small">
        <Flex wrap gap={8} align="center" justify="space-between">
          <Space wrap>
            <Input
              value={name}
              maxLength={SCADA_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              style={{ width: 220 }}
              aria-label={t('scada.name')}
              data-testid="scada-editor-name"
            />
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
            <Tooltip title={`${t('scada.undo')} (Ctrl+Z)`}>
              <Button
                icon={<UndoOutlined />}
                disabled={history.past.length === 0}
                onClick={() => setHistory(undo)}
                aria-label={t('scada.undo')}
                data-testid="scada-undo"
              />
            </Tooltip>
            <Tooltip title={`${t('scada.redo')} (Ctrl+Y)`}>
              <Button
                icon={<RedoOutlined />}
                disabled={history.future.length === 0}
                onClick={() => setHistory(redo)}
                aria-label={t('scada.redo')}
                data-testid="scada-redo"
              />
            </Tooltip>
            <Tooltip title={t('scada.front')}>
              <Button
                icon={<VerticalAlignTopOutlined />}
                disabled={!chosen}
                aria-label={t('scada.front')}
                onClick={() => selected && change((d) => ({ ...d, elements: reorder(d.elements, selected, 'front') }))}
              />
            </Tooltip>
            <Tooltip title={t('scada.back')}>
              <Button
                icon={<VerticalAlignBottomOutlined />}
                disabled={!chosen}
                aria-label={t('scada.back')}
                onClick={() => selected && change((d) => ({ ...d, elements: reorder(d.elements, selected, 'back') }))}
              />
            </Tooltip>
            <Tooltip title={t('scada.remove')}>
              <Button
                icon={<DeleteOutlined />}
                danger
                disabled={!chosen}
                onClick={remove}
                aria-label={t('scada.remove')}
              />
            </Tooltip>
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
          </Space>
          <Space>
            {dirty && <Tag color="orange">{t('scada.unsaved')}</Tag>}
            <Button icon={<SaveOutlined />} type="primary" loading={saving} onClick={save} data-testid="scada-save">
              {t('scada.save')}
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
      </Card>
      <Flex gap={12} align="flex-start">
        <Card size="small" title={t('scada.palette')} style={{ width: 150, flex: 'none' }}>
          <Flex vertical gap={6}>
            {SCADA_KINDS.map((kind) => (
              <Button
                key={kind}
                block
                draggable
                data-testid={`scada-palette-${kind}`}
                onDragStart={(event) => event.dataTransfer.setData('application/x-scada-kind', kind)}
                onClick={() => add(kind)}
              >
                {t(`scada.kinds.${kind}`)}
              </Button>
            ))}
          </Flex>
        </Card>
        <div
          ref={box}
          style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}
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
            style={{ background: '#ffffff', border: '1px solid #d9d9d9' }}
            onMouseDown={(e) => {
              if (e.target === e.target.getStage()) setSelected(null);
            }}
          >
            <Layer listening={false}>
              <Background src={fileAddress(doc.background)} width={doc.width} height={doc.height} />
              {gridLines(doc.width, doc.height, grid).map(([key, points]) => (
                <Line key={key} points={points} stroke="#f0f0f0" />
              ))}
            </Layer>
            <Layer>
              {doc.elements.map((element) => (
                <PlacedShape
                  key={element.id}
                  element={element}
                  draggable
                  onMouseDown={() => setSelected(element.id)}
                  onDragEnd={(e) => {
                    const x = snap(e.target.x(), grid);
                    const y = snap(e.target.y(), grid);
                    e.target.position({ x, y });
                    patch(element.id, { x, y });
                  }}
                  onTransformEnd={(e) => {
                    const node = e.target;
                    const width = Math.max(4, snap(element.width * node.scaleX(), grid) || grid);
                    const height = Math.max(4, snap(element.height * node.scaleY(), grid) || grid);
                    node.scale({ x: 1, y: 1 });
                    patch(element.id, {
                      x: Math.round(node.x()),
                      y: Math.round(node.y()),
                      width,
                      height,
                      rotation: Math.round(node.rotation()),
                    });
                  }}
                >
                  <ShapeBody element={element} value={undefined} none={t('scada.noValue')} preview />
                </PlacedShape>
              ))}
              <Transformer
                ref={transformer}
                rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
                keepRatio={false}
                ignoreStroke
                boundBoxFunc={(before, after) =>
                  Math.abs(after.width) < 4 || Math.abs(after.height) < 4 ? before : after
                }
              />
            </Layer>
          </Stage>
        </div>
        <Card size="small" title={t('scada.properties')} style={{ width: 280, flex: 'none' }}>
          {chosen ? (
            <PropertiesPanel key={chosen.id} element={chosen} onChange={(fields) => patch(chosen.id, fields)} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.noSelection')} />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
