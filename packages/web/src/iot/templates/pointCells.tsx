import { formulaProblem, registerAddressOf, templatePoint, translate } from '@meridian/contracts';
import type { FormRule } from 'antd';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { schemaRule } from '../../shared/forms/rules.ts';
import { currentLang } from '../../shared/i18n.ts';
import { catalogue } from '../components/errors.ts';
import type { EditorPoint } from './editor.ts';

/** The contracts' rule for one field of the point model. */
export const rule = (field: keyof typeof templatePoint.shape) => [schemaRule(templatePoint.shape[field])];

export const addressRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    if (value === undefined || value === '' || registerAddressOf(value) !== null) return;
    throw new Error(catalogue('template.point.address'));
  },
};

export const formulaRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    const problem = formulaProblem(value);
    if (problem) throw new Error(translate(problem.key, currentLang(), problem.params));
  },
};

/** A point stored on change needs an amplitude above zero; otherwise the amplitude is not asked. */
export const amplitudeRule = (point: EditorPoint | undefined): FormRule => ({
  validator: async (_r, value: number | null | undefined) => {
    if (point?.storage !== 'onChange' || (typeof value === 'number' && value > 0)) return;
    throw new Error(catalogue('template.point.amplitude'));
  },
});

/** One field of a point row: a bare form item in a table cell. */
export const cell = (
  name: (string | number)[],
  child: ReactNode,
  rules: FormRule[] = [],
  dependencies?: (string | number)[][],
) => (
  <Form.Item name={name} rules={rules} dependencies={dependencies} style={{ margin: 0 }}>
    {child}
  </Form.Item>
);
