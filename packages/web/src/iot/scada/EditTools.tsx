import {
  AimOutlined,
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  BlockOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownSquareOutlined,
  ExpandOutlined,
  GroupOutlined,
  RedoOutlined,
  SnippetsOutlined,
  UndoOutlined,
  UngroupOutlined,
  UpSquareOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Axis, Edge, LayerMove } from './editing.ts';

export type EditAction =
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'align'; edge: Edge }
  | { type: 'distribute'; axis: Axis }
  | { type: 'group' }
  | { type: 'ungroup' }
  | { type: 'layer'; move: LayerMove }
  | { type: 'copy' }
  | { type: 'paste' }
  | { type: 'duplicate' }
  | { type: 'remove' }
  | { type: 'zoom'; to: 'in' | 'out' | 'fit' };

interface Props {
  /** How many units (groups count once) are selected, and how many elements. */
  units: number;
  selected: number;
  grouped: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canPaste: boolean;
  zoom: number;
  /** Whether drags and resizes snap to the other components (Alt drags without, whatever this says). */
  guided: boolean;
  onGuided(on: boolean): void;
  /** On a phone: only what a finger uses (undo, duplicate, delete, guides, zoom); choosing several needs a keyboard. */
  compact?: boolean;
  onAction(action: EditAction): void;
}

/** The editor's editing buttons, each with its shortcut in the tooltip; the editor does the work. */
export function EditTools({
  units,
  selected,
  grouped,
  canUndo,
  canRedo,
  canPaste,
  zoom,
  guided,
  onGuided,
  compact = false,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const tool = (key: string, icon: ReactNode, action: EditAction, enabled: boolean, keys?: string) => (
    <Tooltip key={key} title={keys ? `${t(`scada.tools.${key}`)} (${keys})` : t(`scada.tools.${key}`)}>
      <Button
        size="small"
        icon={icon}
        disabled={!enabled}
        aria-label={t(`scada.tools.${key}`)}
        data-testid={`scada-tool-${key}`}
        onClick={() => onAction(action)}
      />
    </Tooltip>
  );
  const two = units >= 2;
  return (
    <Space wrap size={4} split={<Divider type="vertical" />} data-testid="scada-tools">
      <Space size={4}>
        {tool('undo', <UndoOutlined />, { type: 'undo' }, canUndo, 'Ctrl+Z')}
        {tool('redo', <RedoOutlined />, { type: 'redo' }, canRedo, 'Ctrl+Y')}
      </Space>
      {!compact && (
        <Space size={4}>
          {tool('alignLeft', <AlignLeftOutlined />, { type: 'align', edge: 'left' }, two)}
          {tool('alignCentre', <AlignCenterOutlined />, { type: 'align', edge: 'centre' }, two)}
          {tool('alignRight', <AlignRightOutlined />, { type: 'align', edge: 'right' }, two)}
          {tool('alignTop', <VerticalAlignTopOutlined />, { type: 'align', edge: 'top' }, two)}
          {tool('alignMiddle', <VerticalAlignMiddleOutlined />, { type: 'align', edge: 'middle' }, two)}
          {tool('alignBottom', <VerticalAlignBottomOutlined />, { type: 'align', edge: 'bottom' }, two)}
          {tool('distributeH', <ColumnWidthOutlined />, { type: 'distribute', axis: 'horizontal' }, units >= 3)}
          {tool('distributeV', <ColumnHeightOutlined />, { type: 'distribute', axis: 'vertical' }, units >= 3)}
        </Space>
      )}
      {!compact && (
        <Space size={4}>
          {tool('group', <GroupOutlined />, { type: 'group' }, two, 'Ctrl+G')}
          {tool('ungroup', <UngroupOutlined />, { type: 'ungroup' }, grouped, 'Ctrl+Shift+G')}
          {tool('forward', <ArrowUpOutlined />, { type: 'layer', move: 'forward' }, selected > 0, 'Ctrl+]')}
          {tool('backward', <ArrowDownOutlined />, { type: 'layer', move: 'backward' }, selected > 0, 'Ctrl+[')}
          {tool('front', <UpSquareOutlined />, { type: 'layer', move: 'front' }, selected > 0, 'Ctrl+Shift+]')}
          {tool('back', <DownSquareOutlined />, { type: 'layer', move: 'back' }, selected > 0, 'Ctrl+Shift+[')}
        </Space>
      )}
      <Space size={4}>
        {!compact && tool('copy', <CopyOutlined />, { type: 'copy' }, selected > 0, 'Ctrl+C')}
        {!compact && tool('paste', <SnippetsOutlined />, { type: 'paste' }, canPaste, 'Ctrl+V')}
        {tool('duplicate', <BlockOutlined />, { type: 'duplicate' }, selected > 0, 'Ctrl+D')}
        {tool('remove', <DeleteOutlined />, { type: 'remove' }, selected > 0, 'Delete')}
      </Space>
      <Tooltip title={t('scada.tools.snapHint')}>
        <Button
          size="small"
          icon={<AimOutlined />}
          type={guided ? 'primary' : 'default'}
          ghost={guided}
          aria-pressed={guided}
          onClick={() => onGuided(!guided)}
          data-testid="scada-tool-snap"
        >
          {t('scada.tools.snap')}
        </Button>
      </Tooltip>
      <Space size={4}>
        {tool('zoomOut', <ZoomOutOutlined />, { type: 'zoom', to: 'out' }, true, 'Ctrl+-')}
        <Typography.Text
          style={{ minWidth: 44, display: 'inline-block', textAlign: 'center' }}
          data-testid="scada-zoom"
        >
          {Math.round(zoom * 100)}%
        </Typography.Text>
        {tool('zoomIn', <ZoomInOutlined />, { type: 'zoom', to: 'in' }, true, 'Ctrl+=')}
        {tool('fit', <ExpandOutlined />, { type: 'zoom', to: 'fit' }, true, 'Ctrl+0')}
      </Space>
    </Space>
  );
}

/** The keyboard's shortcuts as actions; arrows are handled apart since they carry a distance. */
export function shortcutOf(event: KeyboardEvent): EditAction | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (event.key === 'Delete' || event.key === 'Backspace') return { type: 'remove' };
  if (!mod) return null;
  if (key === 'z') return event.shiftKey ? { type: 'redo' } : { type: 'undo' };
  if (key === 'y') return { type: 'redo' };
  if (key === 'c') return { type: 'copy' };
  if (key === 'v') return { type: 'paste' };
  if (key === 'd') return { type: 'duplicate' };
  if (key === 'g') return event.shiftKey ? { type: 'ungroup' } : { type: 'group' };
  if (event.code === 'BracketRight') return { type: 'layer', move: event.shiftKey ? 'front' : 'forward' };
  if (event.code === 'BracketLeft') return { type: 'layer', move: event.shiftKey ? 'back' : 'backward' };
  if (key === '=' || key === '+') return { type: 'zoom', to: 'in' };
  if (key === '-') return { type: 'zoom', to: 'out' };
  if (key === '0') return { type: 'zoom', to: 'fit' };
  return null;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** An arrow's nudge: one pixel, or one grid step (ten pixels with the grid off) with Shift. */
export function nudgeOf(event: KeyboardEvent, grid: number): [number, number] | null {
  const direction = ARROWS[event.key];
  if (!direction || event.ctrlKey || event.metaKey || event.altKey) return null;
  const step = event.shiftKey ? grid || 10 : 1;
  return [direction[0] * step, direction[1] * step];
}
