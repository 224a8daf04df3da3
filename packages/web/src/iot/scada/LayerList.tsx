import type { ScadaElement } from '@meridian/contracts';
import { Button, Empty, Tag } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  elements: readonly ScadaElement[];
  selected: readonly string[];
  onPick(id: string, add: boolean): void;
}

/** Every row is as tall as a small button and the gap under it, so that a row's place is known without measuring. */
export const LAYER_ROW_PX = 26;
const LIST_PX = 260;
/** Rows drawn above and below the visible ones, so that a quick scroll shows no gap. */
const SPARE_ROWS = 8;

/**
 * The screen's layers, the top one first; a click picks one, Shift or Ctrl adds it to the selection.
 * Only the rows in view (and a few around them) are drawn (decision 0153): a screen may hold 2,000
 * layers, and drawing them all made opening it take seconds.
 */
export const LayerList = memo(function LayerList({ elements, selected, onPick }: Props) {
  const { t } = useTranslation();
  const [top, setTop] = useState(0);
  if (elements.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.noLayers')} />;
  const picked = new Set(selected);
  const count = elements.length;
  const first = Math.max(0, Math.floor(top / LAYER_ROW_PX) - SPARE_ROWS);
  const last = Math.min(count, Math.ceil((top + LIST_PX) / LAYER_ROW_PX) + SPARE_ROWS);
  const rows: ScadaElement[] = [];
  // The list shows the top layer (the document's last element) first.
  for (let row = first; row < last; row++) {
    const element = elements[count - 1 - row];
    if (element) rows.push(element);
  }
  return (
    <div
      style={{ maxHeight: LIST_PX, overflowY: 'auto' }}
      data-testid="scada-layers"
      onScroll={(event) => setTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: count * LAYER_ROW_PX, position: 'relative' }}>
        {rows.map((e, i) => (
          <Button
            key={e.id}
            size="small"
            type={picked.has(e.id) ? 'primary' : 'text'}
            ghost={picked.has(e.id)}
            style={{
              position: 'absolute',
              top: (first + i) * LAYER_ROW_PX,
              left: 0,
              right: 0,
              justifyContent: 'flex-start',
            }}
            data-testid={`scada-layer-${e.id}`}
            onClick={(event) => onPick(e.id, event.shiftKey || event.ctrlKey || event.metaKey)}
          >
            {/* Cut by CSS, not measured. */}
            <span style={{ maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {t(`scada.kinds.${e.kind}`)}
              {e.text && e.kind !== 'tank' ? ` · ${e.text}` : ''}
            </span>
            {e.group && (
              <Tag bordered={false} style={{ marginInlineStart: 'auto' }}>
                {t('scada.grouped')}
              </Tag>
            )}
          </Button>
        ))}
      </div>
    </div>
  );
});
