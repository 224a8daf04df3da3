import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Popconfirm, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';
import { deleteSymbol, symbolsOf } from './api.ts';

const LIBRARY = ['iot', 'scada', 'symbols'];

/**
 * A symbol component's picture (decision 0149): one of the caller's uploaded symbols, picked from
 * their library, or a new SVG or png uploaded here (checked here, and by the server by its content,
 * which keeps only an SVG's drawing). The owner deletes a symbol no screen draws (decision 0154).
 */
export function SymbolPicker({ value, onChange }: { value: string | null; onChange(path: string): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const library = useQuery({ queryKey: LIBRARY, queryFn: ({ signal }) => symbolsOf(signal) });
  const pick = async (file: File) => {
    const problem = await imageProblem(file, uploadRules.symbol);
    if (problem) {
      message.error(problem);
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadImage(file, 'symbol');
      await client.invalidateQueries({ queryKey: LIBRARY });
      onChange(stored.path);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (path: string) => {
    try {
      await deleteSymbol(path);
      message.success(t('scada.symbolDeleted'));
      await client.invalidateQueries({ queryKey: LIBRARY });
    } catch (error) {
      notifyError(error);
    }
  };
  const symbols = library.data?.list ?? [];
  return (
    <Flex vertical gap={8} data-testid="scada-symbols">
      <Upload
        accept=".svg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="scada-symbol-upload">
          {t('scada.symbolAdd')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('scada.symbolHint')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="scada-symbol-colour-hint">
        {t('scada.symbolColourHint')}
      </Typography.Text>
      {library.isPending ? (
        <Spin size="small" />
      ) : symbols.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.symbolEmpty')} />
      ) : (
        <Flex wrap gap={6}>
          {symbols.map((symbol) => (
            <Flex key={symbol.path} vertical align="center" gap={0} data-testid="scada-symbol-item">
              <button
                type="button"
                title={symbol.name}
                aria-label={t('scada.symbolPick', { name: symbol.name })}
                aria-pressed={symbol.path === value}
                data-testid="scada-symbol-choice"
                onClick={() => onChange(symbol.path)}
                style={{
                  width: 44,
                  height: 44,
                  padding: 3,
                  cursor: 'pointer',
                  background: '#fff',
                  border: symbol.path === value ? '2px solid #1677ff' : '1px solid #d9d9d9',
                  borderRadius: 4,
                }}
              >
                <img
                  src={fileAddress(symbol.path)}
                  alt=""
                  style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                />
              </button>
              <Popconfirm
                title={t('scada.symbolDeleteConfirm')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(symbol.path)}
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('scada.symbolDelete', { name: symbol.name })}
                  title={t('scada.symbolDelete', { name: symbol.name })}
                  data-testid="scada-symbol-delete"
                />
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
