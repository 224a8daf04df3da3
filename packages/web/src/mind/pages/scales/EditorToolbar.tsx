import { Alert, App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import type { EditorProblem } from './editor.ts';
import type { useScaleSave } from './useScaleSave.ts';

/**
 * The editor's publishing bar: back to the list, check, preview, save and publish; under it the
 * server's refusal and the problems no field could show.
 */
export function EditorToolbar({ saving, onPreview }: { saving: ReturnType<typeof useScaleSave>; onPreview(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { check, submit, save, unplaced } = saving;
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={8}>
        <Link to="/data/customScale">{t('editor.back')}</Link>
        <Flex gap={8}>
          <Button onClick={() => check() && message.success(t('editor.checked'))} data-testid="editor-check">
            {t('editor.check')}
          </Button>
          <Button onClick={onPreview}>{t('editor.preview')}</Button>
          <Button type="primary" ghost loading={save.isPending} onClick={() => submit(false)} data-testid="editor-save">
            {t('editor.save')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => submit(true)} data-testid="editor-publish">
            {t('editor.publish')}
          </Button>
        </Flex>
      </Flex>
      <FormAlert error={save.error} />
      {unplaced !== null && unplaced.length > 0 && <UnplacedProblems problems={unplaced} />}
    </>
  );
}

/** The problems of the definition that have no field to stand beside. */
function UnplacedProblems({ problems }: { problems: EditorProblem[] }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="editor-problems"
      title={t('editor.problems', { count: problems.length })}
      description={problems.map((p) => (
        <div key={`${p.path.join('.')}:${p.msg}`}>
          {p.path.join('.')}: {p.msg}
        </div>
      ))}
      style={{ marginBottom: 16 }}
    />
  );
}
