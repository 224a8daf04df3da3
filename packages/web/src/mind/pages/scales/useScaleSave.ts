import type { ScaleDefinitionInput } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/errors.ts';
import { currentLang } from '../../../shared/i18n.ts';
import { addScale, editScale, publishScale, type ScaleDetail } from './api.ts';
import { cleanDefinition, type EditorProblem, pathOf, problemsOf } from './editor.ts';
import { place } from './placeProblems.ts';

/**
 * Checking, saving and publishing the scale being edited. `check` places each problem beside its
 * field (the rest are `unplaced`) and gives the clean definition when there is none; `submit`
 * checks, saves (a new scale then opens as itself) and, if asked, publishes.
 */
export function useScaleSave(form: FormInstance<ScaleDefinitionInput>, detail: ScaleDetail | null) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unplaced, setUnplaced] = useState<EditorProblem[] | null>(null);

  const check = (): ScaleDefinitionInput | null => {
    const values: unknown = form.getFieldsValue(true);
    const problems = problemsOf(values, currentLang());
    setUnplaced(place(form, problems));
    return problems.length === 0 ? (cleanDefinition(values) as ScaleDefinitionInput) : null;
  };
  const save = useMutation({
    mutationFn: async ({ definition, publish }: { definition: ScaleDefinitionInput; publish: boolean }) => {
      const saved = detail ? await editScale(detail.id, definition) : await addScale(definition);
      return publish ? publishScale(saved.id) : saved;
    },
    meta: { silentError: true },
    onSuccess: (saved, { publish }) => {
      message.success(publish ? t('editor.published') : t('editor.saved'));
      void queryClient.invalidateQueries({ queryKey: ['assess'] });
      if (!detail) navigate(`/data/customEditScale?id=${saved.id}`, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.items.length > 0)
        setUnplaced(
          place(
            form,
            error.items.map((i) => ({ path: pathOf(i.field), msg: i.msg })),
          ),
        );
    },
  });
  const submit = (publish: boolean) => {
    const definition = check();
    if (definition) save.mutate({ definition, publish });
  };
  return { check, submit, save, unplaced };
}
