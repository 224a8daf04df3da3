import type { ScadaElement } from '@meridian/contracts';
import { Button, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  elements: readonly ScadaElement[];
  selected: readonly string[];
  onPick(id: string, add: boolean): void;
}

/** The screen's layers, the top one first; a click picks one, Shift or Ctrl adds it to the selection. */
export function LayerList({ elements, selected, onPick }: Props) {
  const { t } = useTranslation();
  if (elements.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.noLayers')} />;
  const picked = new Set(selected);
  return (
    <Flex vertical gap={2} style={{ maxHeight: 260, overflowY: 'auto' }} data-testid="scada-layers">
      {[...elements].reverse().map((e) => (
        <Button
          key={e.id}
          size="small"
          type={picked.has(e.id) ? 'primary' : 'text'}
          ghost={picked.has(e.id)}
          style={{ justifyContent: 'flex-start' }}
          data-testid={`scada-layer-${e.id}`}
          onClick={(event) => onPick(e.id, event.shiftKey || event.ctrlKey || event.metaKey)}
        >
          {/* Cut by CSS, not measured: a screen may list 2,000 layers. */}
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
    </Flex>
  );
}
