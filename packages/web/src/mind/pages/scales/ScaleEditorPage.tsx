import type { ScaleDefinition, ScaleDefinitionInput } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Drawer, Form, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { textIn } from '../assessments/lookups.ts';
import { type ScaleDetail, scaleInfo } from './api.ts';
import { BasicsSection } from './BasicsSection.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { blankDefinition } from './editor.ts';
import { ItemsSection, OptionsSection } from './ItemSections.tsx';
import { ScalePreview } from './ScalePreview.tsx';
import { BandsSection, FactorsSection, WarningsSection } from './ScoringSections.tsx';
import { useScaleSave } from './useScaleSave.ts';
import '../assessments/strings.ts';
import './strings.ts';

function EditorForm({ detail }: { detail: ScaleDetail | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScaleDefinitionInput>();
  const [preview, setPreview] = useState<ScaleDefinition | null>(null);
  const saving = useScaleSave(form, detail);
  const initial = detail?.draft ?? detail?.definition ?? blankDefinition();
  return (
    <Form<ScaleDefinitionInput> form={form} layout="vertical" initialValues={initial} data-testid="scale-editor">
      <EditorToolbar
        saving={saving}
        onPreview={() => {
          const definition = saving.check();
          if (definition) setPreview(definition as ScaleDefinition);
        }}
      />
      <BasicsSection />
      <OptionsSection />
      <ItemsSection />
      <FactorsSection />
      <BandsSection />
      <WarningsSection />
      <Drawer
        open={preview !== null}
        onClose={() => setPreview(null)}
        size={980}
        title={t('editor.preview')}
        destroyOnHidden
      >
        {preview && <ScalePreview definition={preview} />}
      </Drawer>
    </Form>
  );
}

/** `/data/customEditScale?id=`: a custom scale's draft (or a new scale), checked field by field, saved and published. */
export function ScaleEditorPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const detail = useQuery({
    queryKey: ['assess', 'scale', id],
    queryFn: ({ signal }) => scaleInfo(id ?? 0, signal),
    enabled: id !== null,
    meta: { silentError: true },
  });
  const title =
    id === null ? t('editor.newTitle') : `${t('editor.editTitle')} · ${detail.data ? textIn(detail.data.name) : ''}`;
  if (id !== null && detail.isError) return <Result status="warning" title={t('editor.loadFailed')} />;
  if (id !== null && !detail.data) return <Skeleton active />;
  if (detail.data && !detail.data.editable) return <Result status="info" title={t('editor.notEditable')} />;
  return (
    <Card title={title}>
      <EditorForm key={id ?? 'new'} detail={detail.data ?? null} />
    </Card>
  );
}
